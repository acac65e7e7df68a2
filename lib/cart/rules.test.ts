import { describe, expect, it } from "vitest";
import { lowStockThreshold } from "@/lib/stock/labels";
import { MAX_LINE_QUANTITY, quantityLimit } from "./rules";

describe("quantityLimit", () => {
  it("limits the picker to what is left only when that is shown", () => {
    expect(quantityLimit(3)).toBe(3);
    expect(quantityLimit(0)).toBe(1); // The picker stays valid; the button is disabled.
    expect(quantityLimit(lowStockThreshold + 1)).toBe(MAX_LINE_QUANTITY);
    expect(quantityLimit(500)).toBe(MAX_LINE_QUANTITY);
  });
});
