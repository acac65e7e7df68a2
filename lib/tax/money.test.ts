import { describe, expect, it } from "vitest";
import { formatCents } from "./money";

describe("formatCents", () => {
  it.each([
    [0, "KSh 0.00"],
    [5, "KSh 0.05"],
    [349900, "KSh 3,499.00"],
    [48276, "KSh 482.76"],
    [123456789, "KSh 1,234,567.89"],
    [-50, "-KSh 0.50"],
  ])("writes %i cents as %j", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("refuses a fraction of a cent", () => {
    expect(() => formatCents(1.5)).toThrow();
  });
});
