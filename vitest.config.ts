import { configDefaults, defineConfig } from "vitest/config";

/**
 * Files that never open the configured database: the scripts' commands and simulators, and the
 * embedded database's own first start (each on a scratch directory of its own). CI runs the unit
 * tests twice, on each database, and these once: UNIT_ONLY_DATABASE_TESTS=1 leaves them out of the
 * embedded run (.ci/run).
 */
const databaseIndependent = ["scripts/**/*.test.ts", "lib/db/embedded.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": import.meta.dirname,
      // Unit tests run outside React's server environment; lib/server's guard only protects client bundles.
      "server-only": `${import.meta.dirname}/node_modules/server-only/empty.js`,
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.UNIT_ONLY_DATABASE_TESTS ? databaseIndependent : [])],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Builds the database that each test file gets a copy of, so files can run side by side
    // (one at a time on 2 cores: Vitest's default is one worker fewer than the cores).
    globalSetup: ["lib/testing/global-setup.ts"],
    // The tests' fixtures order many times with the same phone and e-mail: only the tests of the
    // checkout's limits (lib/orders/place-order-limits.test.ts) keep them low, by passing their own.
    env: {
      PAY_ON_DELIVERY_PER_PHONE: "100000",
      PAY_ON_DELIVERY_PER_EMAIL: "100000",
      MPESA_UNPAID_PER_BUYER: "100000",
    },
  },
});
