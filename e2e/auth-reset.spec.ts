import { expect, test } from "@playwright/test";
import { passwordRule, serverMessages } from "../lib/auth/account-rules";
import { newShopper, sessionCookie, signIn, signUp, uniqueEmail } from "./support/auth";
import { mailsTo, resetLink } from "./support/mail";

const NEW_PASSWORD = "Nairobi@2025";

test("forgot password answers the same whether or not the account exists", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.locator("main form").getByRole("status")).toHaveText(serverMessages.resetRequested);
});

test("the full reset through the captured e-mail: new password works, other sessions end, the link works once", async ({
  page,
  browser,
}) => {
  test.slow(); // Two devices, an e-mail round trip and four sign-ins.
  const shopper = await signUp(page, newShopper("reset"));
  // Another device, signed in before the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, shopper.email, shopper.password);
  await expect(otherPage).toHaveURL("/");

  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(shopper.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.locator("main form").getByRole("status")).toHaveText(serverMessages.resetRequested);

  const [mail] = await mailsTo(shopper.email, 1, "Reset your");
  expect(mail).toMatch(/^Subject: Reset your Kijani Threads password/m);
  const link = resetLink(mail);
  expect(new URL(link).pathname).toBe("/reset-password");

  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText(serverMessages.passwordReset);

  // The other device is signed out.
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/login\?returnTo=/);
  await other.close();

  // The old password no longer works; the new one does.
  await signIn(page, shopper.email, shopper.password);
  await expect(page.locator("main form").getByRole("alert")).toHaveText(serverMessages.invalidCredentials);
  await signIn(page, shopper.email, NEW_PASSWORD);
  await expect(page).toHaveURL("/");
  expect(await sessionCookie(page)).toBeDefined();

  // The same link a second time is refused.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("Another#2026");
  await page.getByLabel("Confirm new password").fill("Another#2026");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main form").getByRole("alert")).toContainText(serverMessages.resetLinkInvalid);
  await expect(page.getByRole("link", { name: "Reset password again" })).toHaveAttribute("href", "/forgot-password");
});

test("a made-up reset token is refused, and the reset form keeps the password rules", async ({ page }) => {
  await page.goto("/reset-password?token=made-up-token");
  await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(passwordRule);
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await expect(page.locator("#password-error")).toHaveText(
    "Password should be 8-20 characters and include at least 1 letter, 1 number and 1 special character!",
  );
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main form").getByRole("alert")).toContainText(serverMessages.resetLinkInvalid);
});

test("reset e-mails to one address are limited, whether or not the account exists", async ({ page }) => {
  const email = uniqueEmail("flood");
  await page.goto("/forgot-password");
  for (let request = 1; request <= 3; request++) {
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.locator("main form").getByRole("status")).toHaveText(serverMessages.resetRequested);
    await page.reload();
  }
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.locator("main form").getByRole("alert")).toHaveText("Too many attempts. Try again in 60 minutes.");
});
