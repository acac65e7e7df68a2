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

/** 'Wanjiku Kamau' -> 'WK'. */
export function initials(user: Pick<ShopUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].map((name) => Array.from(name.trim())[0] ?? "").join("").toUpperCase();
}
