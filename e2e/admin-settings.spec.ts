import { expect, test } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { staffState } from "./support/staff";

const path = backOfficeSections.settings.path;

test.describe("as an admin", () => {
  test.use({ storageState: staffState("admin") });

  // The test server sets every service up (scripts/e2e-server.mjs); lib/admin/services.test.ts covers the rest.
  test("the Settings page says in plain words which services are set up, and shows no secret", async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const services = page.locator("main dl");
    await expect(services).toContainText("Set up: shoppers pay to paybill 174379.");
    await expect(services).toContainText("Set up: staff add a lost payment by its M-Pesa code");
    await expect(services).toContainText("Set up: sent through 127.0.0.1.");
    await expect(services).toContainText("Registered: prices include 16% VAT");
    await expect(services).toContainText("Set up: sales are reported to KRA from device KT-SIM-0001.");
    await expect(services).toContainText("Set up: G-E2ETEST1, for shoppers who accept the cookie banner");
    await expect(services).toContainText("Set up: 1234567890, for shoppers who accept the cookie banner");
    for (const secret of ["e2e-ga-secret", "e2e-meta-token"]) await expect(page.locator("main")).not.toContainText(secret);
    await expect(page.locator("main")).not.toContainText("simulator-secret");
    await expect(page.locator("main")).not.toContainText("simulator-credential");
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("as staff", () => {
  test.use({ storageState: staffState("staff") });

  test("the Settings page is the admins' only", async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
  });
});
