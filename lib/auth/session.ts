import { cookies } from "next/headers";
import { getAuth } from "./index";

export type ShopUser = { id: string; firstName: string; lastName: string; email: string; phone: string };

/** The signed-in shopper behind a request's cookies, or null. */
export async function getSessionUser(headers: Headers): Promise<ShopUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, firstName, lastName, email, phone } = session.user;
  return { id, firstName, lastName, email, phone };
}

/**
 * The shopper signed in on the current request, read from its cookies as they are now: after a
 * server action that changed the session (a password change starts a new one), the page rendered
 * with its answer sees the new cookie.
 */
export async function getCurrentUser(): Promise<ShopUser | null> {
  return getSessionUser(new Headers({ cookie: (await cookies()).toString() }));
}

/** 'Wanjiku Kamau' -> 'WK'. */
export function initials(user: Pick<ShopUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName]
    .map((name) => Array.from(name.trim())[0] ?? "")
    .join("")
    .toUpperCase();
}
