import "server-only";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { hasAnyRole, parseRoles, type StaffRole } from "@/lib/auth/roles";
import { loginPath, type ShopUser } from "@/lib/auth/user";
import { getAuth } from "./auth";

/** The signed-in person behind a request's cookies, or null. */
export async function getSessionUser(headers: Headers): Promise<ShopUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, firstName, lastName, email, phone } = session.user;
  const roles = parseRoles((session.user as { role?: string | null }).role);
  return { id, firstName, lastName, email, phone, roles };
}

/**
 * The person signed in on the current request, or null. Read once per request and cookie
 * header: after an action that starts a new session (a password change), the page rendered
 * with its answer reads the new cookie again.
 */
export async function getCurrentUser(): Promise<ShopUser | null> {
  return sessionUserFor((await cookies()).toString());
}

const sessionUserFor = cache((cookieHeader: string) => getSessionUser(new Headers({ cookie: cookieHeader })));

/** The signed-in person, or a redirect to sign in and come back to `returnTo`. */
export async function requireUser(returnTo: string): Promise<ShopUser> {
  const user = await getCurrentUser();
  if (!user) redirect(loginPath(returnTo));
  return user;
}

/**
 * A signed-in member of staff holding one of `allowed` (an admin holds them all). A signed-out
 * visitor is sent to sign in; a shopper gets 'Not Found', so the back office is not advertised.
 * Every back-office page, action and route calls this itself: a layout is no security boundary.
 */
export async function requireRole(returnTo: string, ...allowed: StaffRole[]): Promise<ShopUser> {
  const user = await requireUser(returnTo);
  if (!hasAnyRole(user.roles, allowed)) notFound();
  return user;
}
