import { expect, type Page } from "@playwright/test";

/** A password that follows the rules. */
export const PASSWORD = "Kijani#2024";

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(label = "shopper"): string {
  return `${label}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

export type Shopper = { firstname: string; lastname: string; email: string; phone: string; password: string };

export function newShopper(label?: string): Shopper {
  return { firstname: "Wanjiku", lastname: "Kamau", email: uniqueEmail(label), phone: "+254 712 000 111", password: PASSWORD };
}

/** Fills the sign-up form with a shopper's details (password twice). */
export async function fillSignUp(page: Page, shopper: Shopper) {
  const form = page.locator("main form");
  for (const name of ["firstname", "lastname", "email", "phone", "password"] as const) {
    await form.locator(`[name="${name}"]`).fill(shopper[name]);
  }
  await form.locator('[name="confirmpassword"]').fill(shopper.password);
}

/** Creates an account through /register and waits until the shop has signed the shopper in. */
export async function signUp(page: Page, shopper = newShopper()): Promise<Shopper> {
  await page.goto("/register");
  await fillSignUp(page, shopper);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).not.toHaveURL(/\/register/);
  return shopper;
}

/** Signs in through /login. */
export async function signIn(page: Page, email: string, password: string, rememberMe = false) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (rememberMe) await page.getByLabel("Remember Me").check();
  await page.getByRole("button", { name: "Submit" }).click();
}

/** The session cookie Better Auth set, if any. */
export async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name.endsWith("better-auth.session_token"));
}
