import { describe, expect, it } from "vitest";
import { invoicesExportHref, parseInvoiceFilters, staffInvoicesHref } from "./staff-filters";

describe("the invoice list's filters", () => {
  it("reads valid parameters, the first of repeated ones", () => {
    expect(parseInvoiceFilters({ state: ["rejected", "reported"], from: "2031-03-01", to: "2031-03-31", page: "2" })).toEqual({
      state: "rejected",
      from: "2031-03-01",
      to: "2031-03-31",
      page: 2,
    });
    expect(parseInvoiceFilters(new URLSearchParams("state=overdue"))).toMatchObject({ state: "overdue" });
  });

  it("falls back field by field on anything else, never throwing", () => {
    expect(parseInvoiceFilters({ state: "paid", from: "2031-02-30", to: "yesterday", page: "-3" })).toEqual({
      state: "all",
      from: null,
      to: null,
      page: 1,
    });
    expect(parseInvoiceFilters({ page: "1e9" }).page).toBe(1);
    expect(parseInvoiceFilters({ page: "2.5", from: "2031-03-01" })).toEqual({
      state: "all",
      from: "2031-03-01",
      to: null,
      page: 1,
    });
    expect(parseInvoiceFilters({})).toEqual({ state: "all", from: null, to: null, page: 1 });
  });

  it("puts a reversed range the right way round", () => {
    expect(parseInvoiceFilters({ from: "2031-04-01", to: "2031-03-01" })).toMatchObject({ from: "2031-03-01", to: "2031-04-01" });
  });

  it("writes short links that parse back to the same filters", () => {
    expect(staffInvoicesHref()).toBe("/admin/invoices");
    const filters = { state: "rejected", from: "2031-03-01", to: null, page: 3 } as const;
    expect(staffInvoicesHref(filters)).toBe("/admin/invoices?state=rejected&from=2031-03-01&page=3");
    expect(parseInvoiceFilters(new URL(staffInvoicesHref(filters), "http://shop").searchParams)).toEqual(filters);
    expect(invoicesExportHref(filters)).toBe("/admin/invoices/export?state=rejected&from=2031-03-01");
  });
});
