import { base32 } from "@better-auth/utils/base32";
import { e2eSetup } from "./support/setup";
import { createOTP } from "@better-auth/utils/otp";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import type { StaffRole } from "../lib/auth/roles";
import { addressConfirmedPath, addressMessages } from "../lib/auth/verify-mail";
import { grantMessages } from "../lib/staff/grant-rules";
import { staffMessages } from "../lib/staff/role-changes";
import { fillSignUp, newShopper, signIn, signUp } from "./support/auth";
import { invitationLink, mailsTo, verifyLink } from "./support/mail";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { staffAccounts, staffState, totpCodeFor } from "./support/staff";

const forbidden = "You don't have access to this page.";

async function asRole(browser: Browser, role: StaffRole): Promise<Page> {
  const context = await browser.newContext({ storageState: staffState(role) });
  return context.newPage();
}

test("a signed-out visitor to any back-office URL signs in and comes back to it", async ({ page }) => {
  await page.goto("/admin/orders?status=placed");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fadmin%2Forders%3Fstatus%3Dplaced$/);
});

test("a shopper without a role gets 'Not Found' on every back-office URL", async ({ page }) => {
  await signUp(page);
  for (const path of ["/admin", backOfficeSections.orders.path, backOfficeSections.staff.path, "/admin/two-factor"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Not Found" })).toBeVisible();
  }
});

test("each role opens its own sections and gets a clear 403 inside the back office elsewhere", async ({ browser }) => {
  const expectations: Record<StaffRole, [string, number][]> = {
    marketing: [
      [backOfficeSections.dashboard.path, 200],
      [backOfficeSections.orders.path, 403],
      [backOfficeSections.staff.path, 403],
    ],
    staff: [
      [backOfficeSections.orders.path, 200],
      [backOfficeSections.staff.path, 403],
    ],
    admin: [
      [backOfficeSections.orders.path, 200],
      [backOfficeSections.staff.path, 200],
    ],
  };
  for (const [role, visits] of Object.entries(expectations) as [StaffRole, [string, number][]][]) {
    const page = await asRole(browser, role);
    for (const [path, status] of visits) {
      const response = await page.goto(path);
      expect(response?.status(), `${role} on ${path}`).toBe(status);
      await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
      if (status === 403) await expect(page.getByRole("heading", { level: 1 })).toHaveText(forbidden);
    }
    await page.context().close();
  }
});

test("the navigation offers only the sections a role opens", async ({ browser }) => {
  const page = await asRole(browser, "marketing");
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: backOfficeSections.dashboard.label })).toBeVisible();
  await expect(nav.getByRole("link", { name: backOfficeSections.orders.label })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: backOfficeSections.staff.label })).toHaveCount(0);
  await page.context().close();
});

test("back-office pages are noindex and never cached", async ({ browser }) => {
  const page = await asRole(browser, "admin");
  const response = await page.goto(backOfficeSections.staff.path);
  expect(response?.headers()["cache-control"]).toMatch(/no-store/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/admin");
  await page.context().close();
});

test("staff sign in with their password and then a code from their authenticator app", async ({ page }) => {
  const { email, password } = staffAccounts.staff;
  await page.goto("/login?returnTo=%2Fadmin%2Forders");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor\?returnTo=%2Fadmin%2Forders$/);
  // The password alone opens nothing.
  expect((await page.request.get(backOfficeSections.orders.path, { maxRedirects: 0 })).status()).toBe(307);

  await page.getByLabel("Code from your authenticator app").fill("123");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(await totpCodeFor("staff"));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test.describe.serial("the staff page", () => {
  test("an admin grants a role by e-mail once the address is verified, revokes it, and the revoked person's sessions end", async ({
    browser,
  }) => {
    test.slow(); // Many round trips.
    const shopperPage = await (await browser.newContext()).newPage();
    const shopper = await signUp(shopperPage);
    const email = shopper.email.toLowerCase();
    const admin = await asRole(browser, "admin");
    await admin.goto(backOfficeSections.staff.path);

    // Not verified yet: refused, with an offer to send the verification e-mail again.
    const grant = async () => {
      await admin.getByLabel("E-mail of their shop account").fill(shopper.email);
      await admin.getByLabel("Role", { exact: true }).selectOption("marketing");
      await admin.getByRole("button", { name: "Grant role" }).click();
    };
    await grant();
    await expect(admin.getByRole("alert").filter({ hasText: staffMessages.unverified(email) })).toBeVisible();
    await admin.getByRole("button", { name: "Resend the verification e-mail" }).click();
    await expect(admin.getByRole("status")).toHaveText(staffMessages.verificationSent(email));
    const [, resent] = await mailsTo(email, 2, "Confirm your");

    // The link works in the account's own signed-in browser only.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(verifyLink(resent));
    await expect(stranger).toHaveURL(/\/login\?returnTo=%2Fapi%2Fauth%2Fverify-email/);
    await stranger.context().close();
    await shopperPage.goto(verifyLink(resent));
    await expect(shopperPage).toHaveURL(addressConfirmedPath);
    await expect(shopperPage.getByRole("status").filter({ hasText: addressMessages.confirmed })).toBeVisible();
    await expect(shopperPage.getByText(addressMessages.unconfirmed)).toHaveCount(0);

    await grant();
    await expect(admin.getByRole("status")).toHaveText(`Role given to ${email}.`);
    const row = admin.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Not set up yet");

    // The grant ended the shopper's sessions: the back office starts from a new sign-in, whose
    // first visit sets up the second factor; that ends the session another browser signed in
    // with the password alone meanwhile.
    await shopperPage.goto("/admin");
    await expect(shopperPage).toHaveURL(/\/login\?returnTo=%2Fadmin$/);
    await shopperPage.getByLabel("Email").fill(shopper.email);
    await shopperPage.getByLabel("Password").fill(shopper.password);
    await shopperPage.getByRole("button", { name: "Submit" }).click();
    await expect(shopperPage).toHaveURL(/\/admin\/two-factor$/);
    const passwordOnly = await (await browser.newContext()).newPage();
    await signIn(passwordOnly, shopper.email, shopper.password);
    await expect(passwordOnly).not.toHaveURL(/\/login/);
    await passwordOnly.goto("/admin");
    await expect(passwordOnly).toHaveURL(/\/admin\/two-factor$/);
    await shopperPage.getByLabel("Your password").fill(shopper.password);
    await shopperPage.getByRole("button", { name: "Set up my second factor" }).click();
    const secret = (await shopperPage.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    await shopperPage.getByLabel("6-digit code").fill(await createOTP(base32.decode(secret)).totp());
    await shopperPage.getByRole("button", { name: "Turn on my second factor" }).click();
    await expect(shopperPage).toHaveURL(/\/admin$/);
    await passwordOnly.goto("/admin");
    await expect(passwordOnly).toHaveURL(/\/login\?returnTo=%2Fadmin$/);
    await passwordOnly.context().close();

    await admin.reload();
    await admin.getByRole("button", { name: `Revoke Marketing from ${shopper.email}` }).click();
    await expect(admin.getByRole("status")).toHaveText(`Role taken from ${shopper.email}.`);
    await expect(admin.getByText(new RegExp(`${staffAccounts.admin.email} took Marketing from ${shopper.email}`))).toBeVisible();
    await expect(admin.getByText(new RegExp(`${staffAccounts.admin.email} gave Marketing to ${shopper.email}`))).toBeVisible();

    // Revoking ended the shopper's session.
    await shopperPage.goto("/account");
    await expect(shopperPage).toHaveURL(/\/login\?returnTo=/);
    await shopperPage.context().close();
    await admin.context().close();
  });

  test("a grant without an address is stopped in the browser, with the server's words beside the field", async ({ browser }) => {
    const admin = await asRole(browser, "admin");
    await admin.goto(backOfficeSections.staff.path);
    const posts: string[] = [];
    admin.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await admin.getByLabel("E-mail of their shop account").fill("   ");
    await admin.getByRole("button", { name: "Grant role" }).click();
    await expect(admin.getByText(grantMessages.email)).toBeVisible();
    await expect(admin.getByLabel("E-mail of their shop account")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
    await admin.context().close();
  });

  test("the last admin cannot remove their own role", async ({ browser }) => {
    const admin = await asRole(browser, "admin");
    await admin.goto(backOfficeSections.staff.path);
    await admin.getByRole("button", { name: `Revoke Admin from ${staffAccounts.admin.email}` }).click();
    await expect(admin.getByRole("alert").filter({ hasText: "at least one admin" })).toBeVisible();

    await admin.reload();
    await expect(admin.getByRole("row").filter({ hasText: staffAccounts.admin.email })).toContainText("Admin");
    await admin.context().close();
  });

  test("an address with no account is invited; only a sign-up from the e-mailed link gets the role", async ({ browser }) => {
    test.slow(); // Many round trips.
    const hire = newShopper("new-hire");
    const email = hire.email.toLowerCase();
    const admin = await asRole(browser, "admin");
    await admin.goto(backOfficeSections.staff.path);
    await admin.getByLabel("E-mail of their shop account").fill(hire.email);
    await admin.getByLabel("Role", { exact: true }).selectOption("staff");
    await admin.getByRole("button", { name: "Grant role" }).click();
    await expect(admin.getByRole("status")).toHaveText(staffMessages.invited(email, e2eSetup.mailSent));
    const [mail] = await mailsTo(email, 1, "You are invited");

    // Someone who signs up with the same address without the link gets no role.
    const squatter = await (await browser.newContext()).newPage();
    await signUp(squatter, { ...hire, password: "Squat#2024" });
    expect((await squatter.goto("/admin"))?.status()).toBe(404);
    await squatter.context().close();

    // The hire's own sign-up from the link (a second address, as the first is now taken).
    const second = newShopper("second-hire");
    await admin.getByLabel("E-mail of their shop account").fill(second.email);
    await admin.getByRole("button", { name: "Grant role" }).click();
    await expect(admin.getByRole("status")).toHaveText(staffMessages.invited(second.email.toLowerCase(), e2eSetup.mailSent));
    const [secondMail] = await mailsTo(second.email.toLowerCase(), 1, "You are invited");
    const page = await (await browser.newContext()).newPage();
    // The first link with the second address: the address must be the invited one.
    await page.goto(invitationLink(mail));
    await fillSignUp(page, { ...second, email: `other-${second.email}` });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/");
    await page.context().clearCookies();
    await page.goto(invitationLink(secondMail));
    await fillSignUp(page, second);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/admin\/two-factor$/);
    await admin.reload();
    await expect(admin.getByRole("row").filter({ hasText: second.email.toLowerCase() })).toContainText("Staff");
    await expect(admin.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await page.context().close();
    await admin.context().close();
  });
});

test("the back office's own pages pass axe, and so does the sign-in's second step", async ({ browser, page }) => {
  // axe on every back-office page: past 30 s on a loaded CI machine.
  test.slow();
  await page.goto("/login/two-factor");
  await expectNoSeriousAxeViolations(page);
  const admin = await asRole(browser, "admin");
  for (const path of [backOfficeSections.dashboard.path, backOfficeSections.staff.path]) {
    await admin.goto(path);
    await expectNoSeriousAxeViolations(admin);
  }
  await admin.context().close();
});
