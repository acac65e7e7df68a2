import { expect, test, type Page, type Response } from "@playwright/test";
import { messages, PASSWORD_PATTERN } from "../lib/auth/account-rules";
import { PASSWORD } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { collectConsoleErrors, waitForHydration } from "./support/console";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";

// The sign-in and sign-up screens of the storefront foundation, exactly as specified.

test("/login: panel, logo, heading, fields, links and button", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle(/Sign in/);
  await expect(page.getByRole("heading", { name: "You Order, We Deliver" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Kijani Threads home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  await expect(page.getByText("Sign in to continue to the shop.")).toBeVisible();

  const form = page.locator("main form");
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Email")).toHaveAttribute("name", "email");
  await expect(form.getByLabel("Email")).toHaveAttribute("required", "");
  await expect(form.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(form.getByLabel("Password")).toHaveAttribute("name", "password");
  await expect(form.getByLabel("Password")).toHaveAttribute("pattern", PASSWORD_PATTERN);
  await expect(form.getByLabel("Remember Me")).toHaveAttribute("type", "checkbox");
  await expect(form.getByLabel("Remember Me")).not.toBeChecked();
  await expect(form.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/forgot-password");
  await expect(form.getByRole("button", { name: "Submit" })).toHaveAttribute("type", "submit");
  await expect(form.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/register");

  await form.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
});

test("/register: panel, heading, fields with their names and labels, button and Log In link", async ({ page }) => {
  await page.goto("/register");
  await expect(page).toHaveTitle(/Create an account/);
  await expect(page.getByRole("heading", { name: "You Order, We Deliver" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to the shop" })).toBeVisible();
  await expect(page.getByText("Sign up so your next shop is faster at checkout.")).toBeVisible();

  const form = page.locator("main form");
  const fields = [
    ["firstname", "First name", "text"],
    ["lastname", "Last name", "text"],
    ["email", "Email", "email"],
    ["phone", "Phone", "tel"],
    ["password", "Password", "password"],
    ["confirmpassword", "Confirm password", "password"],
  ] as const;
  for (const [name, label, type] of fields) {
    const input = form.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute("name", name);
    await expect(input).toHaveAttribute("required", "");
    if (type !== "text") await expect(input).toHaveAttribute("type", type);
    await expect(input).toBeVisible();
  }
  await expect(form.locator("input:not([type=hidden])")).toHaveCount(fields.length);
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("pattern", PASSWORD_PATTERN);
  // The design's sign-up states the rule only when refused (the first admin's form states it before).
  await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("");
  await expect(form.getByRole("button", { name: "Submit" })).toBeVisible();
  await expect(form.getByText("Already have an Account?")).toBeVisible();
  await expect(form.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
});

/** The field's message element, through its aria-describedby. */
async function expectMessage(page: Page, label: string, message: string | null) {
  const input = page.locator("main form").getByLabel(label, { exact: true });
  if (message === null) {
    await expect(input).not.toHaveAttribute("aria-invalid", "true");
    await expect(input).not.toHaveAttribute("aria-describedby", /.+/);
    await expect(page.locator(`#${await input.getAttribute("name")}-error`)).toBeEmpty();
    expect(await input.evaluate((element: HTMLInputElement) => element.validity.valid)).toBe(true);
    return;
  }
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = await input.getAttribute("aria-describedby");
  await expect(page.locator(`#${describedBy}`)).toHaveText(message);
  expect(await input.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(message);
}

const samples = [
  { label: "First name", invalid: ["   "], valid: ["Wanjiku", "O'Brien", "Ng'ang'a"], message: messages.name },
  { label: "Last name", invalid: [" "], valid: ["Kamau", "wa Njeri"], message: messages.name },
  {
    label: "Email",
    invalid: ["wanjiku", "wanjiku@", "@example.com", "wanjiku@@example.com", "wan jiku@example.com"],
    valid: ["wanjiku@example.com", "w.kamau+shop@mail.co.ke"],
    message: messages.email,
  },
  { label: "Phone", invalid: [" "], valid: ["+254 712 345 678", "0712345678"], message: messages.phone },
  {
    label: "Password",
    invalid: [
      "Short1!",
      "abcdefgh1",
      "abcdefgh!",
      "12345678!",
      "Abcdefghijklmnopqr1!x",
      "Kijani 2024!",
      "Kijani2024?",
      "Kijani_2024",
    ],
    valid: ["Kijani#2024", "a1$^*&!b", "aaaaaaa1!", "Abcdefghijklmnopq1!x", "1@Z45678"],
    message: messages.password,
  },
];

for (const { label, invalid, valid, message } of samples) {
  test(`sign-up ${label}: invalid and valid samples`, async ({ page }) => {
    await page.goto("/register");
    const input = page.locator("main form").getByLabel(label, { exact: true });
    for (const value of invalid) {
      await input.fill(value);
      await expectMessage(page, label, message);
    }
    for (const value of valid) {
      await input.fill(value);
      await expectMessage(page, label, null);
    }
  });
}

test("the password pattern behaves the same in Chromium, which compiles it with the v flag", async ({ page }) => {
  await page.goto("/register");
  const results = await page.evaluate(
    ({ pattern, values }) =>
      values.map((value) => {
        const input = document.createElement("input");
        input.pattern = pattern;
        input.value = value;
        return input.validity.patternMismatch;
      }),
    {
      pattern: PASSWORD_PATTERN,
      values: [
        "Kijani#2024",
        "a1$^*&!b",
        "1@Z45678",
        "Short1!",
        "abcdefgh1",
        "Kijani 2024!",
        "Kijani_2024",
        "Abcdefghijklmnopqr1!x",
      ],
    },
  );
  expect(results).toEqual([false, false, false, true, true, true, true, true]);
  // A pattern the v flag cannot compile would be ignored by the browser: prove it is not.
  expect(await page.evaluate((pattern) => new RegExp(`^(?:${pattern})$`, "v").test("a1$^*&!b"), PASSWORD_PATTERN)).toBe(true);
});

test("messages never show on load; they show once a field is typed into or left, and go when valid", async ({ page }) => {
  await page.goto("/register");
  for (const name of ["firstname", "lastname", "email", "phone", "password", "confirmpassword"]) {
    await expect(page.locator(`#${name}-error`)).toBeEmpty();
    await expect(page.locator(`[name="${name}"]`)).not.toHaveAttribute("aria-invalid", "true");
  }
  // Leaving an empty field shows its message.
  await page.getByLabel("First name").focus();
  await page.keyboard.press("Tab");
  await expectMessage(page, "First name", messages.name);
  await expect(page.locator("#email-error")).toBeEmpty();
  // Typing shows the message at once, before leaving; a valid value clears it at once.
  await page.getByLabel("Email").pressSequentially("wanjiku");
  await expectMessage(page, "Email", messages.email);
  await page.getByLabel("Email").pressSequentially("@example.com");
  await expectMessage(page, "Email", null);
  await page.getByLabel("First name").fill("Wanjiku");
  await expectMessage(page, "First name", null);
});

test("a field typed into before the page's scripts ran shows its message once they do", async ({ page }) => {
  // The scripts are held back until the shopper has typed, as on a slow phone.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/register", { waitUntil: "commit" });
  await page.getByLabel("First name").fill("   ");
  releaseScripts();
  await waitForHydration(page);
  await expectMessage(page, "First name", messages.name);
  await expect(page.locator("#email-error")).toBeEmpty();
});

test("confirmpassword is compared as a plain string and re-checked when either field changes", async ({ page }) => {
  await page.goto("/register");
  const password = page.getByLabel("Password", { exact: true });
  const confirmation = page.getByLabel("Confirm password");
  await password.fill("a1$^*&!b");
  await confirmation.fill("a1$^*&!b");
  await expectMessage(page, "Confirm password", null);
  await confirmation.fill("a1$^*&!");
  await expectMessage(page, "Confirm password", messages.confirmpassword);
  await confirmation.fill("a1$^*&!b");
  await expectMessage(page, "Confirm password", null);
  // Changing the password re-checks the confirmation...
  await password.fill("a1$^*&!bc");
  await expectMessage(page, "Confirm password", messages.confirmpassword);
  // ...and changing it back makes them match again.
  await password.fill("a1$^*&!b");
  await expectMessage(page, "Confirm password", null);
  await password.fill(".*");
  await confirmation.fill("anything");
  await expectMessage(page, "Confirm password", messages.confirmpassword);
});

test("an invalid submit does not submit, and the browser focuses the first invalid field", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel("First name").fill("Wanjiku");
  await page.getByLabel("Last name").fill("Kamau");
  await page.getByLabel("Email").fill("wanjiku@");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Email")).toBeFocused();
  await expectMessage(page, "Email", messages.email);
  await expect(page).toHaveURL(/\/register$/);
});

test("sign-in: the e-mail and password rules, and an invalid submit focusing the first invalid field", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("#email-error")).toBeEmpty();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill("wanjiku@example");
  await expectMessage(page, "Email", null);
  await page.getByLabel("Email").fill("wanjiku example.com");
  await expectMessage(page, "Email", messages.email);
  await page.getByLabel("Email").fill("wanjiku@example.com");
  await page.getByLabel("Password").fill("password");
  await expectMessage(page, "Password", messages.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.getByLabel("Password").fill(PASSWORD);
  await expectMessage(page, "Password", null);
});

// A cheap phone on mobile data (issue #42): the rules' validator, zod, is a chunk of its own that the
// form pages download only when the shopper first touches a form.

for (const path of ["/login", "/register"]) {
  test(`${path}: zod is not downloaded until the shopper focuses a field`, async ({ page }) => {
    const scripts = scriptResponses(page);
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(await holdingZod(scripts)).toEqual([]);

    await page.getByLabel("Email").focus();
    await expect.poll(() => holdingZod(scripts)).toHaveLength(1);
  });
}

test("what a shopper types before the rules arrive is checked when they do, and a submit waits for them", async ({ page }) => {
  const scripts = scriptResponses(page);
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await page.goto("/register");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // A slow network: every script asked for from now on (the rules') waits until released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/_next/static/**", async (route) => {
    held++;
    await released;
    await route.continue();
  });

  // Typed fast, every field but the confirmation valid for the browser's own checks, then Enter.
  for (const [label, value] of [
    ["First name", "Wanjiku"],
    ["Last name", "Kamau"],
    ["Email", "wanjiku@example"],
    ["Phone", "0712 345 678"],
    ["Password", "Kijani#2024"],
    ["Confirm password", "Kijani#2025"],
  ])
    await page.getByLabel(label, { exact: true }).pressSequentially(value);
  await page.keyboard.press("Enter");
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.getByLabel("Confirm password")).not.toHaveAttribute("aria-invalid", "true");

  release();
  await expect.poll(() => holdingZod(scripts)).toHaveLength(1);
  await expectMessage(page, "Confirm password", messages.confirmpassword);
  await expect(page.getByLabel("Confirm password")).toBeFocused();
  await expectMessage(page, "Email", null);
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/register$/);
});

/** Every script the page downloads from now on. */
function scriptResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on("response", (response) => void (response.request().resourceType() === "script" && responses.push(response)));
  return responses;
}

/** The scripts holding zod: its core names its base type in a string that minification keeps. */
async function holdingZod(responses: Response[]): Promise<string[]> {
  const found: string[] = [];
  for (const response of responses) if ((await response.text()).includes('"$ZodType"')) found.push(response.url());
  return found;
}

const pages = ["/login", "/register", "/forgot-password", "/reset-password?token=example"];

for (const path of pages) {
  test(`${path}: no serious accessibility violations, no sideways scroll at 360 px, no console errors`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.setViewportSize(phoneViewport);
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousAxeViolations(page);
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });
}
