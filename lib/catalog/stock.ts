import { MAX_LINE_QUANTITY } from "@/lib/cart/rules";

/** At or below this many items a variant shows 'Only N left'. */
export const lowStockThreshold = 5;

export type StockState = { kind: "in-stock" | "low" | "sold-out"; label: string };

/** What a shopper is told about a stock level, on product pages and cards alike. */
export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "sold-out", label: "Sold out" };
  if (stock <= lowStockThreshold) return { kind: "low", label: `Only ${stock} left` };
  return { kind: "in-stock", label: "In stock" };
}

/**
 * The most a product page lets a shopper pick: what is left when it is low, else the cart's own
 * limit. A plentiful level is never shown, so a product page changes only when a variant's label
 * does (the server still limits a cart line to the stock, with a notice).
 */
export function quantityLimit(stock: number): number {
  return stockState(stock).kind === "in-stock" ? MAX_LINE_QUANTITY : Math.max(1, stock);
}
