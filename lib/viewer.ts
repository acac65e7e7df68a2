import { getSessionUser, initials } from "@/lib/auth/session";

/**
 * What the header shows about the current visitor. Read by the browser from /api/viewer,
 * so that static pages stay static: the server renders them once for everybody.
 */
export type Viewer = {
  user: { firstName: string; initials: string } | null;
  cartCount: number;
  unreadCount: number;
};

export const signedOutViewer: Viewer = { user: null, cartCount: 0, unreadCount: 0 };

/** The visitor behind a request's cookies. The accounts and cart code fill in their parts. */
export async function getViewer(headers: Headers): Promise<Viewer> {
  const user = await getSessionUser(headers);
  if (!user) return signedOutViewer;
  return { ...signedOutViewer, user: { firstName: user.firstName, initials: initials(user) } };
}
