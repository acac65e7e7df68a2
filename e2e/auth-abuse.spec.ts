import { expect, test } from "@playwright/test";
import { serverMessages, tooManyAttempts } from "../lib/auth/account-rules";
import { signUpThrottle } from "../lib/auth/throttle";
import { fillSignUp, newShopper, signUp } from "./support/auth";

test("asking again and again whether an address has an account is throttled", async ({ page }) => {
  const shopper = await signUp(page);
  await page.context().clearCookies();
  // The sign-up that made the account counted once.
  for (let i = 1; i < signUpThrottle.perAccount; i++) {
    await page.goto("/register");
    await fillSignUp(page, shopper);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator("#email-error")).toContainText(serverMessages.emailTaken);
  }
  await page.goto("/register");
  await fillSignUp(page, shopper);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("main form").getByRole("alert")).toHaveText(tooManyAttempts(signUpThrottle.windowMinutes));
  // Another address still signs up.
  await signUp(page, newShopper());
  await expect(page).toHaveURL("/");
});
