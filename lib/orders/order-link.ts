import "server-only";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { authBaseURL } from "@/lib/auth/config";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import { deriveSecret, sameSecret } from "@/lib/secrets";
import { isOrderNumber } from "./order-number";
import { findOrderUnchecked, type OrderView } from "./order-view";
import { findOrderForOwner, type OrderOwnerCredentials } from "./shopper-orders";
import { orderLinkParam, orderPath } from "./status";

// An order's signed link: it opens the order on any device without signing in, for as long as the
// order exists. The token is an HMAC of the order's id with a secret derived from the auth secret,
// so it needs no setting and no storage, and nobody can make one for another order.

/** The token for one order: HMAC-SHA256 of its id, base64url. */
export function orderLinkToken(orderId: number): string {
  return createHmac("sha256", deriveSecret("order-link")).update(String(orderId)).digest("base64url");
}

/** Whether `token` is this order's token, compared in constant time. */
export function verifyOrderLink(orderId: number, token: unknown): boolean {
  return typeof token === "string" && sameSecret(token, orderLinkToken(orderId));
}

/** The order's page with its token, relative to the site (for redirects and the bell). */
export function orderLinkPath(order: { id: number; number: string }): string {
  return `${orderPath(order.number)}?${orderLinkParam}=${orderLinkToken(order.id)}`;
}

/** The order's page with its token, in full (for e-mails). */
export function orderLinkUrl(order: { id: number; number: string }): string {
  return `${authBaseURL()}${orderLinkPath(order)}`;
}

/**
 * The token of an order's short link (`/o/<number>/<token>`, for texts): 11 characters (66 bits) of
 * an HMAC of its own, so that the link and the order number fit one SMS. It only redirects to the
 * order's signed link.
 */
export function orderShortToken(orderId: number): string {
  return createHmac("sha256", deriveSecret("order-short-link")).update(String(orderId)).digest("base64url").slice(0, 11);
}

/** The order's short link, in full (for texts). */
export function orderShortUrl(order: { id: number; number: string }): string {
  return `${authBaseURL()}${orderShortPath}/${encodeURIComponent(order.number)}/${orderShortToken(order.id)}`;
}
const orderShortPath = "/o";

/** Where a short link leads: the order's signed link, or null for a wrong number or token. */
export async function findShortLinkTarget(db: Database, number: unknown, token: unknown): Promise<string | null> {
  if (!isOrderNumber(number) || typeof token !== "string") return null;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  if (!row || !sameSecret(token, orderShortToken(row.id))) return null;
  return orderLinkPath({ id: row.id, number });
}

/**
 * Who may see an order, and how much: its owner (signed in, or the guest cart cookie that placed
 * it) sees everything; anyone holding its signed link sees it with the delivery address and phone
 * masked; anyone else gets `none`, as for an unknown number.
 */
export type OrderAccess =
  { kind: "owner"; order: OrderView } | { kind: "link"; order: OrderView; token: string } | { kind: "none" };

export async function findOrderAccess(
  db: Database,
  number: unknown,
  credentials: OrderOwnerCredentials,
  token: unknown,
): Promise<OrderAccess> {
  const owned = await findOrderForOwner(db, number, credentials);
  if (owned) return { kind: "owner", order: owned };
  if (!isOrderNumber(number) || typeof token !== "string") return { kind: "none" };
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  if (!row || !verifyOrderLink(row.id, token)) return { kind: "none" };
  const order = await findOrderUnchecked(db, row.id);
  return order ? { kind: "link", order, token } : { kind: "none" };
}

/** The order's page as this visitor opens it: with the signed link's key when that is how they came. */
export function orderPathFor(access: Exclude<OrderAccess, { kind: "none" }>): string {
  return access.kind === "link" ? orderLinkPath(access.order) : orderPath(access.order.number);
}

/**
 * What the order page tells a guest, around a link to `findOrderPath`: the message that links to the
 * order, as it was sent (an e-mail, else a text message when texts are on), then the link.
 */
export const guestOrderHelp = {
  before: (order: { delivery: { email: string }; smsUpdates: boolean }) =>
    [
      "Keep your order number.",
      order.delivery.email
        ? "The e-mail we sent you links to this order, and it opens on any device."
        : order.smsUpdates
          ? "The text message we sent you links to this order, and it opens on any device."
          : "",
      "Or use",
    ]
      .filter(Boolean)
      .join(" "),
  link: "Find your order",
  after: "with the order number and your phone number.",
};
