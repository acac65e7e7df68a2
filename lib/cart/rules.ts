/** The cart's limits and messages, shared by the quantity inputs and the server. Framework-free. */
import { parseWholeNumber } from "@/lib/core/whole-number";
import { stockState } from "@/lib/stock/labels";

/** The most of one variant the quantity inputs accept; the order's limits (lib/checkout/limits.ts) may allow fewer. */
export const MAX_LINE_QUANTITY = 99;

export const cartMessages = {
  added: "Added to cart.",
  notSaved: "Your change could not be saved. Check your connection and try again.",
  quantity: `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  unavailable: "This item is no longer available.",
  soldOut: "Sorry, this item is sold out.",
  notInCart: "This item is not in your cart.",
  noCart: "Your cart could not be found. Reload the page and try again.",
  clamped: (stock: number) => `Only ${stock} left, so your cart holds ${stock}.`,
  priceChanged: (previous: string) => `Price changed from ${previous} since you added it.`,
} as const;

/** A whole quantity from 1 to MAX_LINE_QUANTITY (a number, or digits as sent by a form), else null. */
export function parseQuantity(value: unknown): number | null {
  return parseWholeNumber(value, { min: 1, max: MAX_LINE_QUANTITY });
}

/**
 * The most a product page lets a shopper pick: what is left when it is low, else the cart's own
 * limit. A plentiful level is never shown, so a product page changes only when a variant's label
 * does (the server still limits a cart line to the stock, with a notice).
 */
export function quantityLimit(stock: number): number {
  return stockState(stock).kind === "in-stock" ? MAX_LINE_QUANTITY : Math.max(1, stock);
}
