import "server-only";
import { cookies } from "next/headers";
import { forbidden, notFound, redirect } from "next/navigation";
import { cache } from "react";
import { twoFactorSetupPath, type BackOfficeSection } from "@/lib/admin/sections";
import { hasAnyRole, parseRoles } from "@/lib/auth/roles";
import { loginPath, type ShopUser } from "@/lib/auth/user";
import { getAuth } from "./auth";

/** The signed-in person behind a request's cookies, or null. */
export async function findSessionUser(headers: Headers): Promise<ShopUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, firstName, lastName, email, phone, role, twoFactorEnabled, emailVerified } = session.user;
  const roles = parseRoles(role);
  return { id, firstName, lastName, email, phone, roles, twoFactorEnabled: Boolean(twoFactorEnabled), emailVerified };
}

/**
 * The person signed in on the current request, or null. Read once per request and cookie
 * header: after an action that starts a new session (a password change), the page rendered
 * with its answer reads the new cookie again.
 */
export async function findCurrentUser(): Promise<ShopUser | null> {
  return sessionUserFor((await cookies()).toString());
}

const sessionUserFor = cache((cookieHeader: string) => findSessionUser(new Headers({ cookie: cookieHeader })));

/** The signed-in person, or a redirect to sign in and come back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<ShopUser> {
  const user = await findCurrentUser();
  if (!user) redirect(loginPath(returnTo));
  return user;
}

/**
 * A signed-in member of staff who may open `section` (an admin may open all), with a second
 * factor. A signed-out visitor is sent to sign in; a shopper gets 'Not Found', so the back office
 * is not advertised; staff without the section's role get 403; staff without a second factor set
 * one up first. Every back-office page, action and route calls this: a layout is no security boundary.
 */
export async function requireRole(section: BackOfficeSection, returnTo: string = section.path): Promise<ShopUser> {
  const user = await requireStaff(returnTo);
  if (!hasAnyRole(user.roles, section.roles)) forbidden();
  return user;
}

/** A signed-in person with any back-office role and a second factor (see requireRole). */
export async function requireStaff(returnTo: string): Promise<ShopUser> {
  const user = await requireUser(returnTo);
  if (user.roles.length === 0) notFound();
  if (!user.twoFactorEnabled) redirect(twoFactorSetupPath);
  return user;
}

/**
 * requireRole for route handlers, which answer with a status rather than a page: the member of
 * staff, or the response to send (401 signed out, 404 for a shopper, 403 without the section's role).
 */
export async function roleForRoute(section: BackOfficeSection): Promise<{ user: ShopUser } | { response: Response }> {
  const user = await findCurrentUser();
  if (!user) return { response: new Response("Sign in first.", { status: 401 }) };
  if (user.roles.length === 0) return { response: new Response("Not Found", { status: 404 }) };
  if (!user.twoFactorEnabled || !hasAnyRole(user.roles, section.roles)) {
    return { response: new Response("You don't have access to this page.", { status: 403 }) };
  }
  return { user };
}
