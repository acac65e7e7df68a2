import { describe, expect, it } from "vitest";
import { lowStockThreshold, stockState } from "./labels";

describe("stockState", () => {
  it("says sold out, how many are left when low, else only that it is in stock", () => {
    expect(stockState(0)).toEqual({ kind: "sold-out", label: "Sold out" });
    expect(stockState(lowStockThreshold)).toEqual({ kind: "low", label: `Only ${lowStockThreshold} left` });
    expect(stockState(lowStockThreshold + 1)).toEqual({ kind: "in-stock", label: "In stock" });
  });
});
