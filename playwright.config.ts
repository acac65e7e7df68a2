import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.PORT ?? 3000);
export const baseURL = `http://localhost:${port}`;

// Debian's Chromium where installed (no browser downloads here), else Playwright's own.
const systemChromium = process.env.PLAYWRIGHT_CHROMIUM ?? "/usr/bin/chromium";
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

/** Specs that change content every shopper sees (products, the home page, free delivery, pickup points, the shop's details); each restores what it changes. */
const changesSharedContent =
  /(admin-products|admin-product-sizes|admin-categories|admin-pickup-points|admin-shop-details|promotions|catalog-freshness|size-guide|reviews|colour-photos)\.spec\.ts/;
/** Specs that take the database's tables away for a moment; each puts them back. */
const takesTheDatabaseAway = /database-outage\.spec\.ts/;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  // CI runs one suite at a time, with both of its cores.
  workers: Number(process.env.E2E_WORKERS) || (process.env.CI ? 2 : undefined),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // CI also writes a JSON report, from which .ci/run prints the slowest spec files.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    baseURL,
    // Recording a trace costs a quarter of a test's time on CI's 2 cores; a failure there is retried
    // once, and that attempt is the one traced.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // Staff accounts set up their second factor once; specs reuse the saved browser states.
    { name: "staff setup", testMatch: /staff\.setup\.ts/, use: { ...devices["Desktop Chrome"] } },
    {
      name: "chromium",
      dependencies: ["staff setup"],
      testIgnore: [changesSharedContent, takesTheDatabaseAway],
      use: { ...devices["Desktop Chrome"] },
    },
    // Specs that publish products or change what every shopper sees run after all the others,
    // so that no count or page those read changes under them, and one at a time, so that none
    // changes what another reads (catalog-freshness.spec.ts times its own expiries).
    {
      name: "shared content",
      dependencies: ["chromium"],
      workers: 1,
      testMatch: changesSharedContent,
      use: { ...devices["Desktop Chrome"] },
    },
    // Last and alone: while a table is away, any other spec reading it would fail.
    {
      name: "database outage",
      dependencies: ["shared content"],
      testMatch: takesTheDatabaseAway,
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: {
    // A fresh data directory per run keeps the tests independent of earlier runs.
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // An upper bound: on CI the embedded suite's server migrates and seeds its database while the
    // crash tests and the cluster start their own servers beside it (it once took past 120 s).
    timeout: 300_000,
    // The specs read the shop's messages from lib/, whose server modules load under the react-server
    // condition (npm run test:e2e sets it); the shop itself starts without it, as `npm start` does.
    env: { PORT: String(port), NODE_OPTIONS: "" },
  },
});
