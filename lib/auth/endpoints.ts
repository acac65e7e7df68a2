/**
 * Better Auth's endpoints over HTTP (/api/auth/…). The shop's forms post to server actions, which
 * check the shop's rules and throttles and then call Better Auth on the server; so over HTTP it
 * serves only what a browser or the proxy asks for directly. Everything else is disabled, so that
 * nobody can skip the shop's rules (`/verify-password` was an unthrottled password oracle).
 * Better Auth matches `disabledPaths` exactly, which misses paths with parameters
 * (`/callback/:id`), so the route handler also serves nothing outside `servedPaths`.
 * endpoints.test.ts walks Better Auth's router and fails on any endpoint missing from both lists.
 */
export const servedPaths = [
  // The proxy asks whether a session cookie is still good (proxy.ts).
  "/get-session",
  // The link in the address-verification e-mail.
  "/verify-email",
] as const;

export const disabledPaths = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/social",
  "/callback/:id",
  "/sign-out",
  "/request-password-reset",
  "/reset-password",
  "/reset-password/:token",
  "/verify-password",
  "/send-verification-email",
  "/change-password",
  "/change-email",
  "/update-user",
  "/update-session",
  "/set-password",
  "/delete-user",
  "/delete-user/callback",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/link-social",
  "/list-accounts",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/ok",
  "/error",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
];

/** Whether the route handler passes a request for `pathname` (under /api/auth) to Better Auth. */
export function isServedPath(pathname: string): boolean {
  return (servedPaths as readonly string[]).includes(pathname.replace(/^\/api\/auth/, "").replace(/\/$/, ""));
}
