import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { backOfficeSections } from "@/lib/admin/sections";
import { addFromProductPage } from "./support/cart";
import { staffState } from "./support/staff";

// Runs alone, after every other spec (playwright.config.ts): while a table is away, every page
// that reads it fails. Only a PostgreSQL server can be taken away from outside the shop.
const databaseUrl = process.env.DATABASE_URL;
test.skip(!databaseUrl, "the embedded database lives inside the shop's process: set DATABASE_URL");
test.describe.configure({ mode: "serial" });

test("a storefront page whose data is away keeps the shop's frame, answers 500 and recovers", async ({ page }) => {
  await addFromProductPage(page, "recycled-trash-bags-30l", { pack: "50 bags" });
  await whileTableIsAway("cart_lines", async () => {
    const response = await page.goto("/cart");
    expect(response?.status()).toBe(500);
    await expectErrorPage(page);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Recycled Trash Bags");
});

test("a back-office page whose data is away keeps the navigation, answers 500 and recovers", async ({ browser }) => {
  const context = await browser.newContext({ storageState: staffState("admin") });
  const page = await context.newPage();
  await whileTableIsAway("campaigns", async () => {
    const response = await page.goto(backOfficeSections.campaigns.path);
    expect(response?.status()).toBe(500);
    await expectErrorPage(page);
    await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  });
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await context.close();
});

/** The error boundary's page: a plain sentence, no details, and 'Try again'. */
async function expectErrorPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("We could not show this page just now.");
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
}

/** Renames `table` for the length of `during`, so every query on it fails as in an outage; always puts it back. */
async function whileTableIsAway(table: string, during: () => Promise<void>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`alter table ${table} rename to ${table}_away`);
    try {
      await during();
    } finally {
      await client.query(`alter table ${table}_away rename to ${table}`);
    }
  } finally {
    await client.end();
  }
}
