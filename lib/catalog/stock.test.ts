import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "@/lib/cart/rules";
import { lowStockThreshold, quantityLimit, stockState } from "./stock";

describe("stockState", () => {
  it("says sold out, how many are left when low, else only that it is in stock", () => {
    expect(stockState(0)).toEqual({ kind: "sold-out", label: "Sold out" });
    expect(stockState(lowStockThreshold)).toEqual({ kind: "low", label: `Only ${lowStockThreshold} left` });
    expect(stockState(lowStockThreshold + 1)).toEqual({ kind: "in-stock", label: "In stock" });
  });
});

describe("quantityLimit", () => {
  it("limits the picker to what is left only when that is shown", () => {
    expect(quantityLimit(3)).toBe(3);
    expect(quantityLimit(0)).toBe(1); // The picker stays valid; the button is disabled.
    expect(quantityLimit(lowStockThreshold + 1)).toBe(MAX_LINE_QUANTITY);
    expect(quantityLimit(500)).toBe(MAX_LINE_QUANTITY);
  });
});
