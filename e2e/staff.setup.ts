import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { passwordRule, setupButton } from "../lib/auth/account-rules";
import { staffRoles } from "../lib/auth/roles";
import { setupMessages } from "../lib/staff/first-admin";
import { fillSignUp } from "./support/auth";
import { setupLink, staffAccounts, staffState, totpCode, totpSecretFile } from "./support/staff";

// Runs once before the other specs: the admin's account is made from the first admin's setup link,
// as on a fresh shop; the others (made by e2e/fixtures/seed.ts) sign in. Each is sent to set up its
// second factor, does so through the real pages, and keeps its signed-in browser state for the
// specs. This is also the end-to-end test of the first run and of the second factor's setup.
for (const role of staffRoles) {
  setup(`the ${role} account sets up its second factor and lands in the back office`, { tag: "@embedded" }, async ({ page }) => {
    const { email, password, firstName } = staffAccounts[role];
    if (role === "admin") {
      await page.goto(setupLink());
      await expect(page.getByRole("heading", { name: "Set up the shop" })).toBeVisible();
      // The rule is beside the field before the first try, and the button says what it does.
      await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(passwordRule);
      await fillSignUp(page, { firstname: firstName, lastname: "Test", email, phone: "0711000000", password });
      await page.getByRole("button", { name: setupButton }).click();
    } else {
      await page.goto("/login?returnTo=%2Fadmin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Submit" }).click();
    }
    await expect(page).toHaveURL(/\/admin\/two-factor$/);

    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Set up my second factor" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expect(page.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);

    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Turn on my second factor" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();
    await page.getByLabel("6-digit code").fill(await totpCode(role, secret));
    await page.getByRole("button", { name: "Turn on my second factor" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Back office" })).toContainText(email);

    mkdirSync(path.dirname(staffState(role)), { recursive: true });
    writeFileSync(totpSecretFile(role), secret);
    await page.context().storageState({ path: staffState(role) });

    // Once an admin exists, the setup link makes nobody else one.
    if (role === "admin") {
      await page.goto(setupLink());
      await expect(page.getByRole("alert").filter({ hasText: setupMessages["admin-exists"] })).toBeVisible();
      await expect(page.locator("main form")).toHaveCount(0);
    }
  });
}
