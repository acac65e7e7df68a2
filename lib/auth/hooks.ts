import "server-only";
import { createOTP } from "@better-auth/utils/otp";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { twoFactor } from "@/lib/db/schema/auth";
import { loginPath } from "./user";

/** The shop's checks before Better Auth's own endpoints run, on the shop's database. */
export const beforeHooks = (db: Database) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/verify-email") await requireAccountHolder(ctx);
    if (ctx.path === "/two-factor/verify-totp") await useTotpStepOnce(db, ctx);
  });

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The verification link works only in the account's own signed-in browser, so verifying an address
 * proves both the mailbox and the password. Otherwise someone who signed up first with a new hire's
 * address (finding 3) would get a verified account, and then their role, the moment the hire opened
 * the link mailed to them. Signed out, the link leads to sign-in and back.
 */
async function requireAccountHolder(ctx: Ctx) {
  const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
  const session = await getSessionFromCtx(ctx);
  if (!session) {
    const back = `${new URL(ctx.context.baseURL).pathname}/verify-email?${new URLSearchParams(ctx.query ?? {})}`;
    throw ctx.redirect(loginPath(back));
  }
  // Another account's link: Better Auth would verify that account regardless of who is signed in.
  if (session.user.email !== emailIn(token)) throw ctx.redirect("/?error=INVALID_USER");
}

/** The address a verification token is for (Better Auth checks its signature itself). */
function emailIn(token: string): string | null {
  try {
    const { email } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown };
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

const TOTP_PERIOD_MS = 30_000;

/**
 * A TOTP code is accepted once: the step it belongs to (Better Auth accepts the previous, current
 * and next 30-second step) must be later than the last one accepted for that person, and is
 * recorded in one conditional UPDATE, so the same code cannot complete two sign-ins even at once.
 * A code that matches no step is left to Better Auth, which counts it as wrong.
 */
async function useTotpStepOnce(db: Database, ctx: Ctx) {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  const userId = await twoFactorUserOf(ctx);
  if (typeof code !== "string" || !userId) return;
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return;
  const otp = createOTP(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }));
  const current = Math.floor(Date.now() / TOTP_PERIOD_MS);
  for (const step of [current - 1, current, current + 1]) {
    if ((await otp.hotp(step)) !== code) continue;
    const taken = await db
      .update(twoFactor)
      .set({ lastTotpStep: step })
      .where(and(eq(twoFactor.id, row.id), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
      .returning({ id: twoFactor.id });
    if (taken.length === 0) throw APIError.from("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
    return;
  }
}

/** Who is verifying a code: the signed-in person (setting it up), or the one half-way through signing in. */
async function twoFactorUserOf(ctx: Ctx): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return pending?.value ?? null;
}
