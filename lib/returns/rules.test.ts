import { describe, expect, it } from "vitest";
import {
  checkReturnLimits,
  returnMessages,
  returnRequestedMessage,
  returnRequestFromForm,
  returnRequestSchema,
  type ReturnableLine,
} from "./rules";

const deliveredAt = new Date("2026-11-01T10:00:00Z");
const lines: ReturnableLine[] = [
  { id: 1, name: "Kijani Hoodie (M · Black)", bought: 2, requested: false, exchangeVariantIds: [11, 12] },
  { id: 2, name: "Trash Bags (Pack of 20)", bought: 1, requested: true, exchangeVariantIds: [] },
];
const check = (
  request: { lineId: number; quantity: number; resolution?: "refund" | "exchange"; exchangeVariantId?: number }[],
  now = new Date("2026-11-10T10:00:00Z"),
  linkPlacedAt: Date | null = null,
) =>
  checkReturnLimits({
    deliveredAt,
    now,
    windowDays: 14,
    linkPlacedAt,
    lines,
    request: { lines: request.map((line) => ({ resolution: "refund" as const, ...line })) },
  });

describe("return limits", () => {
  it("accepts lines within what was bought, in the window, and skips lines of 0", () => {
    expect(
      check([
        { lineId: 1, quantity: 2 },
        { lineId: 2, quantity: 0 },
      ]),
    ).toEqual({
      ok: true,
      lines: [{ lineId: 1, quantity: 2, resolution: "refund", exchangeVariantId: null }],
    });
  });

  it("refuses more than was bought", () => {
    expect(check([{ lineId: 1, quantity: 3 }])).toMatchObject({
      reason: "too_many",
      error: returnMessages.tooMany("Kijani Hoodie (M · Black)", 2),
    });
  });

  it("refuses a line already in a return request, and the same line twice in one", () => {
    expect(check([{ lineId: 2, quantity: 1 }])).toMatchObject({
      reason: "twice",
      error: returnMessages.twice("Trash Bags (Pack of 20)"),
    });
    expect(
      check([
        { lineId: 1, quantity: 1 },
        { lineId: 1, quantity: 1 },
      ]),
    ).toMatchObject({ reason: "twice" });
  });

  it("refuses after the window, and accepts on its last moment", () => {
    const closes = new Date(deliveredAt.getTime() + 14 * 86_400_000);
    expect(check([{ lineId: 1, quantity: 1 }], closes).ok).toBe(true);
    expect(check([{ lineId: 1, quantity: 1 }], new Date(closes.getTime() + 1))).toMatchObject({
      reason: "after_window",
      error: returnMessages.afterWindow(14),
    });
  });

  it("through the order's link, only within the window and a week of the order's placing; its owner, the whole window", () => {
    const asked = [{ lineId: 1, quantity: 1 }];
    const placedAt = new Date("2026-10-20T10:00:00Z"); // Delivered 12 days later.
    expect(check(asked, new Date("2026-11-10T09:00:00Z"), placedAt)).toMatchObject({ ok: true });
    expect(check(asked, new Date("2026-11-10T11:00:00Z"), placedAt)).toEqual({
      ok: false,
      reason: "link_too_old",
      error: returnMessages.linkTooOld(21),
    });
    expect(check(asked, new Date("2026-11-14T10:00:00Z"), null)).toMatchObject({ ok: true });
  });

  it("refuses an order not delivered, an empty request and a line of another order", () => {
    expect(
      checkReturnLimits({
        deliveredAt: null,
        now: new Date(),
        windowDays: 14,
        linkPlacedAt: null,
        lines,
        request: { lines: [] },
      }),
    ).toMatchObject({
      reason: "not_delivered",
    });
    expect(check([{ lineId: 1, quantity: 0 }])).toMatchObject({
      reason: "nothing_chosen",
      error: returnMessages.nothingChosen,
    });
    expect(check([{ lineId: 99, quantity: 1 }])).toMatchObject({ reason: "unknown_line" });
  });

  it("exchanges only for a variant of the same product in stock", () => {
    expect(check([{ lineId: 1, quantity: 1, resolution: "exchange", exchangeVariantId: 12 }])).toMatchObject({
      ok: true,
      lines: [{ lineId: 1, quantity: 1, resolution: "exchange", exchangeVariantId: 12 }],
    });
    expect(check([{ lineId: 1, quantity: 1, resolution: "exchange" }])).toMatchObject({ reason: "exchange_choice" });
    expect(check([{ lineId: 1, quantity: 1, resolution: "exchange", exchangeVariantId: 13 }])).toMatchObject({
      reason: "exchange_unavailable",
    });
  });
});

describe("return request schema", () => {
  it("parses the form's strings and names a missing reason or a broken quantity", () => {
    const parsed = returnRequestSchema.safeParse({
      reason: "wrong_size",
      note: "  too small ",
      lines: [{ lineId: "1", quantity: "2", resolution: "exchange", exchangeVariantId: "12" }],
    });
    expect(parsed.data).toEqual({
      reason: "wrong_size",
      note: "too small",
      lines: [{ lineId: 1, quantity: 2, resolution: "exchange", exchangeVariantId: 12 }],
    });
    const broken = returnRequestSchema.safeParse({ reason: "", lines: [{ lineId: "1", quantity: "1.5" }] });
    expect(broken.error?.issues.map((issue) => issue.message)).toEqual([returnMessages.reason, returnMessages.quantity]);
  });
});

describe("the return form", () => {
  it("reads one entry per offered line, an empty quantity as 0", () => {
    const form = new FormData();
    form.append("reason", "faulty");
    form.append("line", "7");
    form.append("quantity-7", "1");
    form.append("resolution-7", "exchange");
    form.append("exchange-7", "12");
    form.append("line", "8");
    form.append("quantity-8", "");
    expect(returnRequestSchema.parse(returnRequestFromForm(form))).toEqual({
      reason: "faulty",
      note: "",
      lines: [
        { lineId: 7, quantity: 1, resolution: "exchange", exchangeVariantId: 12 },
        { lineId: 8, quantity: 0, resolution: "refund" },
      ],
    });
  });
});

describe("the answer to a return request", () => {
  it("promises an e-mail only to an order with an address, else a text, else this page", () => {
    expect(returnRequestedMessage({ delivery: { email: "kamau@example.com" }, smsUpdates: true })).toContain("by e-mail");
    expect(returnRequestedMessage({ delivery: { email: "" }, smsUpdates: true })).toContain("by SMS");
    expect(returnRequestedMessage({ delivery: { email: "" }, smsUpdates: false })).toContain("on this page");
  });
});
