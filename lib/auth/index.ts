import "server-only";
import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { twoFactor } from "better-auth/plugins";
import type { Database } from "@/lib/db";
import { account, rateLimit, session, twoFactor as twoFactorTable, user, verification } from "@/lib/db/schema/auth";
import { sendMail } from "@/lib/mail";
import { enqueueMail } from "@/lib/outbox/outbox";
import { site } from "@/lib/site";
import { disabledPaths } from "./endpoints";
import { beforeHooks } from "./hooks";
import { resetPasswordMail } from "./reset-mail";
import { deleteResetTokens } from "./reset-tokens";
import { verifyEmailMail, verifyLinkLandingOnAccount } from "./verify-mail";

/** A remembered sign-in lasts 30 days; otherwise the cookie ends with the browser session. */
export const SESSION_DAYS = 30;
const RESET_TOKEN_SECONDS = 60 * 60;
const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

export type Auth = ReturnType<typeof createAuth>;

export type AuthOptions = {
  /** The shop's address as the browser sees it (authBaseURL()). */
  baseURL: string;
  secret: string;
  /** The session cookie's attributes: the shop's cookie defaults (lib/server/cookies.ts). */
  cookies: { httpOnly: boolean; sameSite: "lax"; secure: boolean; path: string };
  /** Other addresses of the same deployment that may send requests (Vercel's preview URLs). */
  otherOrigins?: string[];
};

/** Better Auth on a given database (the shop's, or a test database). */
export function createAuth(db: Database, { baseURL, secret, cookies, otherOrigins = [] }: AuthOptions) {
  return betterAuth({
    baseURL,
    secret,
    trustedOrigins: [baseURL, ...otherOrigins],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
        phone: { type: "string", required: true },
        // Back-office roles: granted only by `npm run staff` and the admins' staff page, never by a form.
        role: { type: "string", required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60 },
    emailAndPassword: {
      enabled: true,
      // The form rules (lib/rules/account.ts) are stricter; these are a last line behind them.
      minPasswordLength: 8,
      maxPasswordLength: 20,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => deleteResetTokens(db, user.id),
      // A mail server failure must not change the answer (that would tell who has an account).
      sendResetPassword: async ({ user, token }) => {
        await sendMail(resetPasswordMail(baseURL, user.email, token)).catch((error) =>
          console.error(`[mail] Could not send the password-reset e-mail: ${error instanceof Error ? error.message : error}`),
        );
      },
    },
    // Shopping does not wait for it (sign-in never requires it); a back-office role does.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_SECONDS,
      sendVerificationEmail: ({ user, url, token }) =>
        enqueueMail(
          db,
          `verify-email:${createHash("sha256").update(token).digest("hex")}`,
          verifyEmailMail(user.email, verifyLinkLandingOnAccount(url)),
        ),
    },
    hooks: { before: beforeHooks(db) },
    // Over HTTP only what a browser or the proxy asks for directly (lib/auth/endpoints.ts).
    disabledPaths: [...disabledPaths],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: { "/get-session": false },
    },
    advanced: {
      useSecureCookies: cookies.secure,
      defaultCookieAttributes: cookies,
    },
    // Turns the cookies Better Auth sets in server actions into Next.js response cookies.
    plugins: [
      // TOTP for everyone with a back-office role; shoppers never turn it on.
      twoFactor({ issuer: site.name }),
      nextCookies(),
    ],
  });
}
