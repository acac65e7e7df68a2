import { eq, like } from "drizzle-orm";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { account, session, user, verification } from "@/lib/db/schema/auth";
import { outbox } from "@/lib/db/schema";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { cookieDefaults } from "@/lib/server/cookies";
import { createAuth, type Auth } from "./index";
import { turnOnTotp } from "./second-factor";

let db: Database;
let auth: Auth;
beforeAll(() => {
  delete process.env.SMTP_HOST;
});
withTestDb((opened) => {
  db = opened;
  auth = createAuth(opened, authOptions(localShop));
});

const localShop = "http://localhost:3000";
const secret = "unit-test-secret-unit-test-secret-0123456789";
const authOptions = (baseURL: string) => ({ baseURL, secret, cookies: cookieDefaults(baseURL) });

const shopper = { name: "Wanjiku Kamau", firstName: "Wanjiku", lastName: "Kamau", phone: "0712345678", password: "Kijani#2024" };

describe(`Better Auth on the shop's database (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("stores the extra fields, the address in lower case and a scrypt hash, never the password", async () => {
    await auth.api.signUpEmail({ body: { ...shopper, email: "Wanjiku.K@Example.com" } });
    const [stored] = await db.select().from(user).where(eq(user.email, "wanjiku.k@example.com"));
    expect(stored).toMatchObject({ firstName: "Wanjiku", lastName: "Kamau", phone: "0712345678" });
    const [credential] = await db.select().from(account).where(eq(account.userId, stored.id));
    expect(credential.password).not.toContain(shopper.password);
    expect(credential.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/); // salt:key of scrypt
    await expect(auth.api.signUpEmail({ body: { ...shopper, email: "WANJIKU.K@example.com" } })).rejects.toThrow();
  });

  it("sets HttpOnly, SameSite=Lax session cookies, Secure when the shop is served over HTTPS", async () => {
    const plain = (await auth.$context).authCookies.sessionToken.attributes;
    expect(plain).toMatchObject({ httpOnly: true, sameSite: "lax" });
    const secure = (await createAuth(db, authOptions("https://shop.example")).$context).authCookies.sessionToken;
    expect(secure.attributes).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true });
    expect(secure.name).toMatch(/^__Secure-/);
  });

  it("refuses a reset link after its hour, and accepts a fresh one once", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    await auth.api.signUpEmail({ body: { ...shopper, email: "reset@example.com" } });
    await auth.api.requestPasswordReset({ body: { email: "reset@example.com" } });
    const [row] = await db.select().from(verification).where(like(verification.identifier, "reset-password:%"));
    const token = row.identifier.slice("reset-password:".length);
    expect(log.mock.calls.join("\n")).toContain(`/reset-password?token=${token}`);
    // The name is whatever the account's maker typed, so the e-mail greets nobody by it.
    expect(log.mock.calls.join("\n")).toContain("Hello,\n");
    expect(log.mock.calls.join("\n")).not.toContain(`Hello ${shopper.firstName}`);
    const lifetime = row.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row.id));
    await expect(auth.api.resetPassword({ body: { token, newPassword: "Nairobi@2025" } })).rejects.toThrow(/invalid token/i);

    await auth.api.requestPasswordReset({ body: { email: "reset@example.com" } });
    const fresh = (await db.select().from(verification).where(like(verification.identifier, "reset-password:%"))).find(
      (candidate) => candidate.id !== row.id,
    )!;
    const freshToken = fresh.identifier.slice("reset-password:".length);
    await auth.api.resetPassword({ body: { token: freshToken, newPassword: "Nairobi@2025" } });
    await expect(auth.api.resetPassword({ body: { token: freshToken, newPassword: "Another#2026" } })).rejects.toThrow(
      /invalid token/i,
    );
    await expect(auth.api.signInEmail({ body: { email: "reset@example.com", password: "Nairobi@2025" } })).resolves.toBeTruthy();
    log.mockRestore();
  });

  it("a reset deletes every other reset link of the account", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    await auth.api.signUpEmail({ body: { ...shopper, email: "three-links@example.com" } });
    for (let i = 0; i < 3; i++) await auth.api.requestPasswordReset({ body: { email: "three-links@example.com" } });
    const tokens = (await db.select().from(verification).where(like(verification.identifier, "reset-password:%")))
      .filter((row) => log.mock.calls.join("\n").includes(row.identifier.slice("reset-password:".length)))
      .map((row) => row.identifier.slice("reset-password:".length));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    await auth.api.resetPassword({ body: { token: tokens.at(-1)!, newPassword: "Nairobi@2025" } });
    for (const token of tokens.slice(0, -1)) {
      await expect(auth.api.resetPassword({ body: { token, newPassword: "Another#2026" } })).rejects.toThrow(/invalid token/i);
    }
    log.mockRestore();
  });

  it("mails the verification link through the outbox; it verifies only in the account's own signed-in browser", async () => {
    const signUp = async (email: string) => {
      const { headers } = await auth.api.signUpEmail({ body: { ...shopper, email }, returnHeaders: true });
      return headers.get("set-cookie")!.split(";")[0];
    };
    const own = await signUp("verify-me@example.com");
    const other = await signUp("someone-else@example.com");
    const mails = await db.select().from(outbox).where(like(outbox.key, "verify-email:%"));
    const { text } = mails
      .map((row) => row.payload as { to: string; text: string })
      .find((m) => m.to === "verify-me@example.com")!;
    expect(text).not.toContain(shopper.firstName);
    const link = text.match(/http\S+\/api\/auth\/verify-email\?\S+/)![0];
    const open = (cookie?: string) => auth.handler(new Request(link, { headers: cookie ? { cookie } : {} }));
    const isVerified = async () => (await db.select().from(user).where(eq(user.email, "verify-me@example.com")))[0].emailVerified;

    const signedOut = await open();
    expect(signedOut.status).toBe(302);
    const login = new URL(signedOut.headers.get("location")!, localShop);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("returnTo")).toBe(new URL(link).pathname + new URL(link).search);
    expect((await open(other)).status).toBe(302);
    expect(await isVerified()).toBe(false);

    expect((await open(own)).status).toBe(302);
    expect(await isVerified()).toBe(true);
  });

  it("accepts a second-factor code once, even for two sign-ins", async () => {
    const email = "two-factor-once@example.com";
    const { headers } = await auth.api.signUpEmail({ body: { ...shopper, email }, returnHeaders: true });
    const session = new Headers({ cookie: headers.get("set-cookie")!.split(";")[0] });
    const enabled = await auth.api.enableTwoFactor({ body: { password: shopper.password, method: "totp" }, headers: session });
    if (enabled.method !== "totp") throw new Error("expected TOTP");
    const otp = createOTP(base32.decode(new URL(enabled.totpURI).searchParams.get("secret")!));
    const step = Math.floor(Date.now() / 30_000);
    // Setting it up uses the current step's code; the next step's is accepted once after it.
    await auth.api.verifyTOTP({ body: { code: await otp.hotp(step) }, headers: session });
    const next = await otp.hotp(step + 1);
    const signIn = async (code: string) => {
      const started = await auth.api.signInEmail({ body: { email, password: shopper.password }, returnHeaders: true });
      const challenge = started.headers
        .getSetCookie()
        .find((cookie) => cookie.includes("two_factor"))!
        .split(";")[0];
      return auth.api.verifyTOTP({ body: { code }, headers: new Headers({ cookie: challenge }) });
    };
    await expect(signIn(next)).resolves.toMatchObject({ token: expect.any(String) });
    await expect(signIn(next)).rejects.toThrow(/invalid code/i);
    // So is the code of a step before the last one used.
    await expect(signIn(await otp.hotp(step))).rejects.toThrow(/invalid code/i);
  });

  it("turning the second factor on ends the account's other sessions, and keeps the one that set it up", async () => {
    const email = "two-factor-others@example.com";
    const cookieOf = (headers: Headers) => new Headers({ cookie: headers.getSetCookie()[0].split(";")[0] });
    const before = cookieOf((await auth.api.signUpEmail({ body: { ...shopper, email }, returnHeaders: true })).headers);
    const setup = await auth.api.signInEmail({ body: { email, password: shopper.password }, returnHeaders: true });
    const setting = cookieOf(setup.headers);
    const enabled = await auth.api.enableTwoFactor({ body: { password: shopper.password, method: "totp" }, headers: setting });
    if (enabled.method !== "totp") throw new Error("expected TOTP");
    const otp = createOTP(base32.decode(new URL(enabled.totpURI).searchParams.get("secret")!));
    const input = { userId: setup.response.user.id, headers: setting };

    expect(await turnOnTotp(db, auth, { ...input, code: "0000000" })).toBe(false);
    expect(await auth.api.getSession({ headers: before })).not.toBeNull();
    expect(await turnOnTotp(db, auth, { ...input, code: await otp.totp() })).toBe(true);
    expect(await auth.api.getSession({ headers: before })).toBeNull();
    const sessions = await db.select().from(session).where(eq(session.userId, input.userId));
    expect(sessions).toHaveLength(1);
  });
});
