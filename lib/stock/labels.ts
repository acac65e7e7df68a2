/** At or below this many items a variant shows 'Only N left'. */
export const lowStockThreshold = 5;

export type StockState = { kind: "in-stock" | "low" | "sold-out"; label: string };

/** What a shopper is told about a stock level, on product pages and cards alike. */
export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "sold-out", label: "Sold out" };
  if (stock <= lowStockThreshold) return { kind: "low", label: `Only ${stock} left` };
  return { kind: "in-stock", label: "In stock" };
}
