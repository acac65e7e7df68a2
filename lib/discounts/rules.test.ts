import { describe, expect, it } from "vitest";
import {
  allocate,
  checkDiscount,
  discountAmount,
  discountRefusals,
  normaliseDiscountCode,
  returnedValue,
  shopperKey,
  type DiscountRule,
} from "./rules";

const now = new Date("2026-11-25T12:00:00Z");
const rule: DiscountRule = {
  kind: "percent",
  value: 10,
  minSubtotal: null,
  scope: "all",
  productIds: [],
  categories: [],
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-01T00:00:00Z"),
  maxUses: null,
  uses: 0,
  oncePerShopper: false,
  enabled: true,
};
const hoodie = { productId: 1, category: "hoodies", unitPrice: 2500, quantity: 2 };
const tee = { productId: 2, category: "tshirts", unitPrice: 1199, quantity: 1 };
const fresh = { now, usedByShopper: false, verifiedShopper: false };

const refusal = (check: ReturnType<typeof checkDiscount>) => (check.ok ? null : check.reason);

describe("discount code eligibility", () => {
  it("applies a live code to every line", () => {
    expect(checkDiscount(rule, [hoodie, tee], fresh)).toEqual({ ok: true, amount: 620, lineDiscounts: [500, 120] });
  });

  it("never ends a code without an end (issue 55: open-ended codes)", () => {
    const years = { ...fresh, now: new Date("2036-11-25T12:00:00Z") };
    expect(checkDiscount({ ...rule, endsAt: null }, [hoodie], years)).toMatchObject({ ok: true, amount: 500 });
  });

  it("refuses with one reason each", () => {
    expect(refusal(checkDiscount(null, [hoodie], fresh))).toBe("unknown");
    expect(refusal(checkDiscount({ ...rule, enabled: false }, [hoodie], fresh))).toBe("unknown");
    expect(refusal(checkDiscount({ ...rule, startsAt: new Date("2026-11-26T00:00:00Z") }, [hoodie], fresh))).toBe("unknown");
    expect(refusal(checkDiscount({ ...rule, endsAt: now }, [hoodie], fresh))).toBe("unknown");
    expect(refusal(checkDiscount({ ...rule, maxUses: 10, uses: 10 }, [hoodie], fresh))).toBe("usedUp");
    expect(refusal(checkDiscount({ ...rule, minSubtotal: 5001 }, [hoodie], fresh))).toBe("belowMinimum");
    expect(refusal(checkDiscount({ ...rule, scope: "categories", categories: ["tshirts"] }, [hoodie], fresh))).toBe(
      "notForItems",
    );
    const once = { ...rule, oncePerShopper: true };
    expect(refusal(checkDiscount(once, [hoodie], fresh))).toBe("needsAccount");
    expect(refusal(checkDiscount(once, [hoodie], { ...fresh, verifiedShopper: true, usedByShopper: true }))).toBe("alreadyUsed");
    expect(checkDiscount(once, [hoodie], { ...fresh, verifiedShopper: true }).ok).toBe(true);
  });

  it("answers an unknown, a disabled, a future and an ended code with the same sentence, which confirms none exists", () => {
    const answers = [
      checkDiscount(null, [hoodie], fresh),
      checkDiscount({ ...rule, enabled: false }, [hoodie], fresh),
      checkDiscount({ ...rule, startsAt: new Date(now.getTime() + 1) }, [hoodie], fresh),
      checkDiscount({ ...rule, endsAt: now }, [hoodie], fresh),
    ];
    expect(new Set(answers.map((answer) => (answer.ok ? "applied" : answer.error)))).toEqual(new Set([discountRefusals.unknown]));
  });

  it("says why in one sentence", () => {
    const check = checkDiscount({ ...rule, maxUses: 1, uses: 1 }, [hoodie], fresh);
    expect(check).toEqual({ ok: false, reason: "usedUp", error: discountRefusals.usedUp });
    for (const message of Object.values(discountRefusals)) expect(message).toMatch(/^[^.]+\.$/);
  });

  it("accepts a subtotal exactly at the minimum and a code with uses left", () => {
    expect(checkDiscount({ ...rule, minSubtotal: 5000, maxUses: 10, uses: 9 }, [hoodie], fresh).ok).toBe(true);
  });

  it("discounts only the lines in its scope", () => {
    expect(checkDiscount({ ...rule, scope: "products", productIds: [2] }, [hoodie, tee], fresh)).toEqual({
      ok: true,
      amount: 120,
      lineDiscounts: [0, 120],
    });
    expect(checkDiscount({ ...rule, scope: "categories", categories: ["hoodies"] }, [hoodie, tee], fresh)).toEqual({
      ok: true,
      amount: 500,
      lineDiscounts: [500, 0],
    });
  });
});

describe("the amount off", () => {
  it("rounds a percentage to the nearest shilling, halves up", () => {
    expect(discountAmount({ kind: "percent", value: 10 }, 1195)).toBe(120);
    expect(discountAmount({ kind: "percent", value: 10 }, 1194)).toBe(119);
    expect(discountAmount({ kind: "percent", value: 15 }, 999)).toBe(150);
  });

  it("caps a fixed amount at the eligible subtotal", () => {
    expect(discountAmount({ kind: "fixed", value: 500 }, 2000)).toBe(500);
    expect(discountAmount({ kind: "fixed", value: 5000 }, 2000)).toBe(2000);
  });
});

describe("allocating the discount over lines", () => {
  it("gives whole shillings by largest remainder, adding up to the amount", () => {
    expect(allocate(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(allocate(10, [300, 700, 0])).toEqual([3, 7, 0]);
    expect(allocate(7, [1, 1, 1, 1])).toEqual([2, 2, 2, 1]);
  });

  it("never gives a line more than its total", () => {
    const shares = allocate(3000, [1000, 2000]);
    expect(shares).toEqual([1000, 2000]);
  });
});

describe("returned units", () => {
  it("are worth their price less their share of the line's discount, rounded so as never to refund more than paid", () => {
    const line = { unitPrice: 2000, quantity: 3, discount: 100 };
    expect(returnedValue(line, 1)).toBe(1966);
    expect(returnedValue(line, 3)).toBe(5900);
    expect(returnedValue({ ...line, discount: 0 }, 2)).toBe(4000);
  });
});

describe("codes and shoppers", () => {
  it("reads codes case-insensitively and refuses what cannot be one", () => {
    expect(normaliseDiscountCode("  karibu10 ")).toBe("KARIBU10");
    expect(normaliseDiscountCode("a")).toBeNull();
    expect(normaliseDiscountCode("no spaces")).toBeNull();
    expect(normaliseDiscountCode(42)).toBeNull();
  });

  it("counts a shopper by account", () => {
    expect(shopperKey("u1")).toBe("user:u1");
  });
});
