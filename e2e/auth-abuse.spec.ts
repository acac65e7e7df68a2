import { expect, test } from "@playwright/test";
import { serverMessages, tooManyAttempts } from "../lib/auth/account-rules";
import { signInThrottle, signUpThrottle } from "../lib/auth/throttle";
import { fillSignUp, newShopper, signUp } from "./support/auth";
import { mailsTo, resetLink } from "./support/mail";

test("asking again and again whether an address has an account is throttled", async ({ page }) => {
  test.slow(); // Many round trips.
  const shopper = await signUp(page);
  await page.context().clearCookies();
  // The sign-up that made the account counted once.
  for (let i = 1; i < signUpThrottle().perAccount; i++) {
    await page.goto("/register");
    await fillSignUp(page, shopper);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator("#email-error")).toContainText(serverMessages.emailTaken);
  }
  await page.goto("/register");
  await fillSignUp(page, shopper);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("main form").getByRole("alert")).toHaveText(tooManyAttempts(signUpThrottle().windowMinutes));
  // Another address still signs up.
  await signUp(page, newShopper());
  await expect(page).toHaveURL("/");
});

test("wrong current passwords on the password form are throttled like sign-ins, against the same count", async ({ page }) => {
  test.slow(); // Many round trips.
  const shopper = await signUp(page);
  const tryChange = async (currentPassword: string) => {
    await page.goto("/account");
    await page.getByLabel("Current password").fill(currentPassword);
    await page.getByLabel("New password", { exact: true }).fill("Mombasa#2025");
    await page.getByLabel("Confirm new password").fill("Mombasa#2025");
    await page.getByRole("button", { name: "Change password" }).click();
  };
  for (let i = 0; i < signInThrottle.perAccount; i++) {
    await tryChange(`Wrong#pass${i}`);
    await expect(page.locator("#currentpassword-error")).toHaveText(serverMessages.currentPasswordWrong);
  }
  // Even the right one waits now (this browser sends no client address, so none is its owner's usual one).
  await tryChange(shopper.password);
  await expect(page.getByRole("alert").filter({ hasText: tooManyAttempts(signInThrottle.windowMinutes) })).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("main form").getByRole("alert")).toHaveText(tooManyAttempts(signInThrottle.windowMinutes));
});

test("a password change ends the other sessions and voids older reset links", async ({ browser, page }) => {
  test.slow(); // Many round trips.
  const shopper = await signUp(page);
  const other = await (await browser.newContext()).newPage();
  await other.goto("/login");
  await other.getByLabel("Email").fill(shopper.email);
  await other.getByLabel("Password").fill(shopper.password);
  await other.getByRole("button", { name: "Submit" }).click();
  await expect(other).toHaveURL("/");
  await other.goto("/forgot-password");
  await other.getByLabel("Email").fill(shopper.email);
  await other.getByRole("button", { name: /send|reset|submit/i }).click();
  const [mail] = await mailsTo(shopper.email.toLowerCase(), 1, "Reset your");

  await page.goto("/account");
  await page.getByLabel("Current password").fill(shopper.password);
  await page.getByLabel("New password", { exact: true }).fill("Mombasa#2025");
  await page.getByLabel("Confirm new password").fill("Mombasa#2025");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: serverMessages.passwordChanged })).toBeVisible();

  await other.goto("/account");
  await expect(other).toHaveURL(/\/login\?returnTo=/);
  await other.goto(resetLink(mail));
  await other.getByLabel("New password", { exact: true }).fill("Another#2026");
  await other.getByLabel("Confirm new password").fill("Another#2026");
  await other.getByRole("button", { name: /reset|save|change|submit/i }).click();
  await expect(other.getByRole("alert").filter({ hasText: serverMessages.resetLinkInvalid })).toBeVisible();
  await other.context().close();
});
