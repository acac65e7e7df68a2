import { expect, test } from "@playwright/test";
import { serverMessages } from "../lib/auth/account-rules";
import { fillSignUp, newShopper, PASSWORD, sessionCookie, signIn, signUp, uniqueEmail } from "./support/auth";

test(
  "sign-up creates the account, signs the shopper in and returns them where they came from",
  { tag: "@embedded" },
  async ({ page }) => {
    const shopper = newShopper();
    await page.goto("/register?returnTo=/account");
    await fillSignUp(page, shopper);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("account-email")).toHaveText(shopper.email.toLowerCase());
    await expect(page.getByRole("button", { name: "Account" })).toContainText("WK");
  },
);

test("sign-up with no returnTo goes home, and a returnTo off the site is ignored", async ({ page }) => {
  await signUp(page);
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();
  const shopper = newShopper();
  await page.goto("/register?returnTo=//evil.example/steal");
  await fillSignUp(page, shopper);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/");
});

test("an e-mail address is taken whatever its letter case", async ({ page }) => {
  const shopper = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/register");
  await fillSignUp(page, { ...shopper, email: shopper.email.toUpperCase() });
  await page.getByRole("button", { name: "Submit" }).click();
  const message = page.locator("#email-error");
  await expect(message).toContainText(serverMessages.emailTaken);
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(message.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  expect(await sessionCookie(page)).toBeUndefined();
});

test(
  "sign-in returns to a safe returnTo; wrong password and unknown e-mail get the same message",
  { tag: "@embedded" },
  async ({ page }) => {
    const shopper = await signUp(page);
    await page.context().clearCookies();

    await signIn(page, shopper.email, "Wrong#pass1");
    await expect(page.locator("main form").getByRole("alert")).toHaveText(serverMessages.invalidCredentials);
    await signIn(page, uniqueEmail("nobody"), PASSWORD);
    await expect(page.locator("main form").getByRole("alert")).toHaveText(serverMessages.invalidCredentials);
    expect(await sessionCookie(page)).toBeUndefined();

    await page.goto("/login?returnTo=%2Faccount");
    await page.getByLabel("Email").fill(shopper.email.toUpperCase());
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/account$/);
  },
);

for (const returnTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
  test(`sign-in refuses the returnTo ${returnTo}`, async ({ page }) => {
    const shopper = await signUp(page);
    await page.context().clearCookies();
    await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/");
  });
}

test("Remember Me keeps the shopper signed in for 30 days; without it the cookie ends with the browser", async ({ page }) => {
  const shopper = await signUp(page);
  await page.context().clearCookies();

  await signIn(page, shopper.email, shopper.password, true);
  await expect(page).toHaveURL("/");
  const remembered = await sessionCookie(page);
  expect(remembered?.httpOnly).toBe(true);
  expect(remembered?.sameSite).toBe("Lax");
  const days = ((remembered?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30.01);

  await page.context().clearCookies();
  await signIn(page, shopper.email, shopper.password, false);
  await expect(page).toHaveURL("/");
  const session = await sessionCookie(page);
  expect(session?.httpOnly).toBe(true);
  expect(session?.expires).toBe(-1);
});

test("sign-out from the account menu", async ({ page }) => {
  await signUp(page);
  const menuButton = page.getByRole("button", { name: "Account" });
  await menuButton.click();
  await expect(page.getByRole("link", { name: "My account" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "My account" })).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");

  await menuButton.click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/login");
  expect(await sessionCookie(page)).toBeUndefined();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount|\/login\?returnTo=\/account/);
});

test(
  "repeated failures for one account are rate-limited, even with the right password",
  { tag: "@embedded" },
  async ({ page }) => {
    test.slow(); // Six sign-ins in a row.
    const shopper = await signUp(page);
    await page.context().clearCookies();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, shopper.email, `Wrong#pass${attempt}`);
      await expect(page.locator("main form").getByRole("alert")).toHaveText(serverMessages.invalidCredentials);
    }
    await signIn(page, shopper.email, shopper.password);
    await expect(page.locator("main form").getByRole("alert")).toHaveText("Too many attempts. Try again in 15 minutes.");
    expect(await sessionCookie(page)).toBeUndefined();
  },
);

test("a signed-in shopper opening /login or /register is sent to /account; a stale cookie is not", async ({ page }) => {
  await signUp(page);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/account$/);

  const cookie = await sessionCookie(page);
  await page.context().clearCookies();
  await page.context().addCookies([{ ...cookie!, value: "stale.token" }]);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
});

test("a form sent with the browser's checks turned off gets the server's errors, and nothing is stored", async ({ page }) => {
  const shopper = newShopper();
  await page.goto("/register");
  await page.locator("main form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.getByLabel("First name").fill("   ");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("#firstname-error")).toHaveText("It should be a valid name.");
  await expect(page.locator("#lastname-error")).toHaveText("It should be a valid name.");
  await expect(page.locator("#phone-error")).toHaveText("It should be a valid phone number.");
  await expect(page.locator("#password-error")).toHaveText(
    "Password should be 8-20 characters and include at least 1 letter, 1 number and 1 special character!",
  );
  await expect(page.locator("#confirmpassword-error")).toHaveText("Passwords don't match.");
  await expect(page.locator("#email-error")).toBeEmpty();
  await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  expect(await sessionCookie(page)).toBeUndefined();

  // Nothing was stored: the same address can still sign up.
  await signUp(page, shopper);
  await expect(page).toHaveURL("/");

  await page.context().clearCookies();
  await page.goto("/login");
  await page.locator("main form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("#email-error")).toHaveText("It should be a valid email.");
  await expect(page.locator("#password-error")).toHaveText(
    "Password should be 8-20 characters and include at least 1 letter, 1 number and 1 special character!",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up, sign-in and the server's errors all work", async ({ page }) => {
    const shopper = newShopper("nojs");
    await page.goto("/register?returnTo=/account");
    await fillSignUp(page, shopper);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("account-email")).toHaveText(shopper.email);

    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByLabel("Password").fill("Wrong#pass1");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator("main form").getByRole("alert")).toHaveText(serverMessages.invalidCredentials);
    await expect(page.getByLabel("Email")).toHaveValue(shopper.email);

    await page.goto("/login?returnTo=/account");
    await page.getByLabel("Email").fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
});

test("a cross-site POST is refused by the server actions and by Better Auth", async ({ page, request, baseURL }) => {
  const shopper = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/login");
  // The fields the form posts without JavaScript (React's action references included).
  const fields = await page
    .locator("main form")
    .evaluate((form: HTMLFormElement) =>
      Object.fromEntries(Array.from(new FormData(form), ([name, value]) => [name, String(value)])),
    );
  const multipart = { ...fields, email: shopper.email, password: shopper.password };

  const forged = await request.post("/login", { multipart, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(forged.headers()["set-cookie"] ?? "").not.toContain("session_token");
  expect(forged.status()).toBe(403);
  const genuine = await request.post("/login", { multipart, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(genuine.headers()["set-cookie"] ?? "").toContain("session_token");

  // Signing out is a server action; Better Auth's own endpoint is not served at all.
  const signOut = await request.post("/api/auth/sign-out", { headers: { Origin: "https://evil.example" }, data: {} });
  expect(signOut.status()).toBe(404);
});

test("Better Auth's own sign-up and sign-in endpoints are not served, so nobody skips the shop's rules", async ({
  request,
  baseURL,
}) => {
  const headers = { Origin: baseURL! };
  const body = { email: uniqueEmail("direct"), password: "password", name: "x", firstName: "", lastName: "", phone: "" };
  expect((await request.post("/api/auth/sign-up/email", { headers, data: body })).status()).toBe(404);
  expect((await request.post("/api/auth/sign-in/email", { headers, data: body })).status()).toBe(404);
  expect((await request.post("/api/auth/request-password-reset", { headers, data: { email: body.email } })).status()).toBe(404);
  // With any session, this was an unthrottled password oracle.
  expect((await request.post("/api/auth/verify-password", { headers, data: { password: "x" } })).status()).toBe(404);
  expect((await request.get("/api/auth/callback/github")).status()).toBe(404);
});

test("the form shows that it is sending until the server answers", async ({ page }) => {
  const shopper = await signUp(page);
  await page.context().clearCookies();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/login", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.goto("/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Submit" }).click();
  const button = page.locator("main form button[type=submit]");
  await expect(button).toHaveText("Sending…");
  await expect(button).toBeDisabled();
  release();
  await expect(page).toHaveURL("/");
});
