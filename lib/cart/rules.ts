/** The cart's limits and messages, shared by the quantity inputs and the server. Framework-free. */

/** The most of one variant the quantity inputs accept; the order's limits (lib/orders/limits.ts) may allow fewer. */
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
  const quantity = parseWhole(value);
  return quantity !== null && quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : null;
}

/** A database id: a whole number from 1 to 2^31 - 1, else null. */
export function parseId(value: unknown): number | null {
  const id = parseWhole(value);
  return id !== null && id >= 1 && id <= 2_147_483_647 ? id : null;
}

function parseWhole(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}
