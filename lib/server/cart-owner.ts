import "server-only";
import { cookies } from "next/headers";
import { mergeGuestCart } from "@/lib/cart/lines";
import { isGuestToken, newGuestToken, type CartOwner } from "@/lib/cart/owner";
import { getDb } from "@/lib/server/database";
import { adoptGuestOrders, type OrderOwnerCredentials } from "@/lib/orders/shopper-orders";
import { cookieDefaults, guestCartCookie } from "./cookies";
import { findCurrentUser } from "./session";

// Whose cart a request is about, from its session and its HttpOnly cart cookie.

/** The signed-in shopper's cart, else the guest cart of a well-formed `kt_cart` cookie, else null. */
export async function findCartOwner(): Promise<CartOwner | null> {
  const user = await findCurrentUser();
  if (user) return { userId: user.id };
  const token = (await cookies()).get(guestCartCookie.name)?.value;
  return isGuestToken(token) ? { guestToken: token } : null;
}

/**
 * Like findCartOwner, but gives a guest without a cart cookie a new token and sets the cookie.
 * Only server actions and route handlers may call it (pages cannot set cookies).
 */
export async function cartOwnerForWrite(): Promise<CartOwner> {
  const owner = await findCartOwner();
  if (owner) return owner;
  const guestToken = newGuestToken();
  (await cookies()).set(guestCartCookie.name, guestToken, { ...cookieDefaults(), maxAge: guestCartCookie.maxAge });
  return { guestToken };
}

/**
 * Right after sign-in or sign-up (in the same action): attaches the guest's orders to the account,
 * moves the guest's cart into the account's and forgets the guest cookie. Reads the session from
 * the cookies the sign-in has just set.
 */
export async function adoptGuestCart(): Promise<void> {
  const cookieStore = await cookies();
  const guestToken = cookieStore.get(guestCartCookie.name)?.value;
  if (guestToken === undefined) return;
  const user = await findCurrentUser();
  if (!user) return;
  const db = await getDb();
  await adoptGuestOrders(db, { guestToken, userId: user.id });
  await mergeGuestCart(db, { guestToken, userId: user.id });
  cookieStore.delete(guestCartCookie.name);
}

/** Who may see an order on this request: the signed-in shopper, and/or the browser's guest cart cookie. */
export async function orderOwnerCredentials(): Promise<OrderOwnerCredentials> {
  const [user, cookieStore] = await Promise.all([findCurrentUser(), cookies()]);
  return { userId: user?.id, guestToken: cookieStore.get(guestCartCookie.name)?.value };
}
