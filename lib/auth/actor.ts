import type { ShopUser } from "./user";

/** Who made a change, for the records that history and audits keep: a person, or the shop itself. */
export type Actor = { id: string | null; label: string };

/** A signed-in person, named by e-mail. */
export const actorOf = (user: Pick<ShopUser, "id" | "email">): Actor => ({ id: user.id, label: user.email });

/** A shopper who is not signed in (a guest's order); order history names every shopper so. */
export const shopper: Actor = { id: null, label: "Shopper" };

/** `npm run staff` (how the first admin is made). */
export const commandLine: Actor = { id: null, label: "command line" };

/** The shop's own background work (an unpaid order expiring, a payment settling). */
export const theShop: Actor = { id: null, label: "Kijani Threads" };
