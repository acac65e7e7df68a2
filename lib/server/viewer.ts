import "server-only";
import { initials } from "@/lib/auth/user";
import { getCartCount } from "@/lib/cart/lines";
import { isGuestToken } from "@/lib/cart/owner";
import { getDb } from "@/lib/server/database";
import { countUnreadNotifications } from "@/lib/notifications/notifications";
import { guestCartCookie, findCookie, signedUpCookie } from "./cookies";
import { findSessionUser } from "./session";

/**
 * What the header shows about the current visitor. Read by the browser from /api/viewer,
 * so that static pages stay static: the server renders them once for everybody.
 */
export type Viewer = {
  /** `contact`: the phone, else the e-mail address, that 'Tell me when it's back' fills in. */
  user: { firstName: string; initials: string; contact: string } | null;
  /** Right after sign-up (signedUpCookie), the address the confirmation link went to, while unconfirmed. */
  checkEmail?: string;
  cartCount: number;
  unreadCount: number;
};

export const signedOutViewer: Viewer = { user: null, cartCount: 0, unreadCount: 0 };

/**
 * The visitor behind a request's cookies: the session, then the cart count and unread
 * notifications side by side. A guest without a cart cookie costs no database query.
 */
export async function getViewer(headers: Headers): Promise<Viewer> {
  const user = await findSessionUser(headers);
  if (user) {
    const db = await getDb();
    const [cartCount, unreadCount] = await Promise.all([
      getCartCount(db, { userId: user.id }),
      countUnreadNotifications(db, user.id),
    ]);
    const contact = user.phone || user.email;
    const justSignedUp = !user.emailVerified && findCookie(headers, signedUpCookie.name) !== undefined;
    return {
      user: { firstName: user.firstName, initials: initials(user), contact },
      cartCount,
      unreadCount,
      ...(justSignedUp && { checkEmail: user.email }),
    };
  }
  const guestToken = findCookie(headers, guestCartCookie.name);
  if (!isGuestToken(guestToken)) return signedOutViewer;
  return { ...signedOutViewer, cartCount: await getCartCount(await getDb(), { guestToken }) };
}
