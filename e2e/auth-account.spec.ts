import { expect, test } from "@playwright/test";
import { messages, passwordRule, serverMessages } from "../lib/auth/account-rules";
import { signIn, signUp } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";

test("signed out, /account sends the shopper to sign in and back", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount$|\/login\?returnTo=\/account$/);
});

test("/account shows the shopper's details and saves edits to names and phone", async ({ page }) => {
  const shopper = await signUp(page);
  await page.goto("/account");
  await expect(page).toHaveTitle(/My account/);
  await expect(page.getByTestId("account-name")).toHaveText("Wanjiku Kamau");
  await expect(page.getByTestId("account-email")).toHaveText(shopper.email);
  await expect(page.getByTestId("account-phone")).toHaveText(shopper.phone);

  await page.getByLabel("First name").fill(" ");
  await expect(page.locator("#firstname-error")).toHaveText(messages.name);
  await page.getByLabel("First name").fill("Achieng");
  await page.getByLabel("Last name").fill("Otieno");
  await page.getByLabel("Phone").fill("+254 733 222 111");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status").filter({ hasText: serverMessages.profileSaved })).toBeVisible();
  await expect(page.getByTestId("account-name")).toHaveText("Achieng Otieno");
  await page.reload();
  await expect(page.getByTestId("account-phone")).toHaveText("+254 733 222 111");
  await expect(page.getByLabel("First name")).toHaveValue("Achieng");
  await expect(page.getByRole("button", { name: "Account" })).toContainText("AO");
});

test("changing the password needs the current one and follows the same rules", async ({ page }) => {
  const shopper = await signUp(page);
  await page.goto("/account");
  const current = page.getByLabel("Current password");
  const next = page.getByLabel("New password", { exact: true });
  const confirmation = page.getByLabel("Confirm new password");

  await expect(next).toHaveAccessibleDescription(passwordRule);
  await next.fill("weakpass");
  await expect(page.locator("#password-error")).toHaveText(messages.password);
  await current.fill("Wrong#pass9");
  await next.fill("Mombasa#2025");
  await confirmation.fill("Mombasa#2025");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#currentpassword-error")).toHaveText(serverMessages.currentPasswordWrong);

  await current.fill(shopper.password);
  await next.fill("Mombasa#2025");
  await confirmation.fill("Mombasa#2025");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: serverMessages.passwordChanged })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, shopper.email, "Mombasa#2025");
  await expect(page).toHaveURL("/");
});

test("/account: no serious accessibility violations, no sideways scroll at 360 px, no console errors", async ({ page }) => {
  await signUp(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewportSize(phoneViewport);
  await page.goto("/account");
  await expectNoSeriousAxeViolations(page);
  await expectNoHorizontalScroll(page);
  expect(errors).toEqual([]);
});
