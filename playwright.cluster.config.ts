import { defineConfig, devices } from "@playwright/test";
import config from "./playwright.config";

// The tests of several instances (e2e-cluster/), run by `npm run test:cluster`, which starts two
// instances behind nginx and passes their addresses: CLUSTER_URL (nginx), CLUSTER_INSTANCES.
export default defineConfig({
  testDir: "./e2e-cluster",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: { ...config.use, baseURL: process.env.CLUSTER_URL, ...devices["Desktop Chrome"] },
});
