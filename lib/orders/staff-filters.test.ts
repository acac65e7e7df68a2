import { describe, expect, it } from "vitest";
import {
  defaultOrderFilters,
  maxOrderPage,
  maxOrderQueryLength,
  ordersExportHref,
  packingSlipPath,
  parseOrderFilters,
  staffOrderPath,
  staffOrdersHref,
  statusTabs,
} from "./staff-filters";

describe("order list filters", () => {
  it("has a tab per status, as staff read them, naming a pickup's word too where it differs, then All", () => {
    expect(statusTabs.map((tab) => tab.label)).toEqual([
      "Placed",
      "Confirmed",
      "On its way",
      "Ready for pickup",
      "Delivered or collected",
      "Cancelled",
      "Delivery failed or not collected",
      "Returned to shop",
      "All",
    ]);
  });

  it("defaults to every order, first page", () => {
    expect(parseOrderFilters({})).toEqual(defaultOrderFilters);
    expect(defaultOrderFilters).toEqual({ status: "all", payment: "any", q: "", from: null, to: null, page: 1 });
  });

  it("keeps valid values", () => {
    expect(
      parseOrderFilters({
        status: "dispatched",
        payment: "refund_due",
        q: "  KT-7F3K9QM ",
        from: "2026-03-01",
        to: "2026-03-31",
        page: "4",
      }),
    ).toEqual({ status: "dispatched", payment: "refund_due", q: "KT-7F3K9QM", from: "2026-03-01", to: "2026-03-31", page: 4 });
    expect(parseOrderFilters({ payment: "everything" }).payment).toBe("any");
    expect(parseOrderFilters(new URLSearchParams("status=cancelled&q=a%40b.co"))).toMatchObject({
      status: "cancelled",
      q: "a@b.co",
    });
  });

  it.each([
    [{ status: "lost" }],
    [{ status: "ALL" }],
    [{ status: "__proto__" }],
    [{ status: ["refunded", "placed"] }],
    [{ page: "0" }],
    [{ page: "-3" }],
    [{ page: "2.5" }],
    [{ page: "1e3" }],
    [{ page: "abc" }],
    [{ from: "2026-02-30" }],
    [{ to: "yesterday" }],
    [{ from: "2026-3-1" }],
    [{ q: "\u0000\u0007  \t" }],
  ])("gives valid defaults for odd input %j", (params) => {
    expect(parseOrderFilters(params)).toEqual(defaultOrderFilters);
  });

  it("takes the first of repeated values, cleans and caps the search, clamps the page", () => {
    const filters = parseOrderFilters({
      status: ["placed", "confirmed"],
      q: [`a\u0000b\r\n${"x".repeat(500)}`, "ignored"],
      page: "99999999999999999999",
    });
    expect(filters.status).toBe("placed");
    expect(filters.q.startsWith("a b ")).toBe(true);
    expect(filters.q.length).toBe(maxOrderQueryLength);
    expect(filters.page).toBe(maxOrderPage);
  });

  it("puts a reversed date range the right way round", () => {
    expect(parseOrderFilters({ from: "2026-04-10", to: "2026-04-01" })).toMatchObject({ from: "2026-04-01", to: "2026-04-10" });
  });

  it("writes short URLs that parse back to the same filters", () => {
    expect(staffOrdersHref()).toBe("/admin/orders");
    const filters = { status: "placed", payment: "awaiting", q: "a+b@x.co ke", from: "2026-03-01", to: null, page: 3 } as const;
    const href = staffOrdersHref(filters);
    expect(href).toBe("/admin/orders?status=placed&payment=awaiting&q=a%2Bb%40x.co+ke&from=2026-03-01&page=3");
    expect(parseOrderFilters(new URL(href, "http://x").searchParams)).toEqual(filters);
    expect(ordersExportHref(filters)).toBe(
      "/admin/orders/export?status=placed&payment=awaiting&q=a%2Bb%40x.co+ke&from=2026-03-01",
    );
  });

  it("links to an order's page and packing slip", () => {
    expect(staffOrderPath("KT-7F3K9QM")).toBe("/admin/orders/KT-7F3K9QM");
    expect(packingSlipPath("KT-7F3K9QM")).toBe("/admin/orders/KT-7F3K9QM/packing-slip");
  });
});
