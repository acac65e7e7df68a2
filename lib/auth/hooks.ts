import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { loginPath } from "./user";

/** The shop's checks before Better Auth's own endpoints run. */
export const beforeHooks = createAuthMiddleware(async (ctx) => {
  if (ctx.path === "/verify-email") await requireAccountHolder(ctx);
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
