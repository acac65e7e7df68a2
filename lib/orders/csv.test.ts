import { describe, expect, it } from "vitest";
import { csvField } from "@/lib/core/csv";
import { ordersCsv } from "./csv";
import type { StaffOrderRow } from "./staff-list";

const row = (overrides: Partial<StaffOrderRow> = {}): StaffOrderRow => ({
  id: 1,
  number: "KT-7F3K9QM",
  createdAt: new Date("2026-11-21T11:05:00Z"),
  status: "dispatched",
  fulfilment: "delivery",
  fullName: "Achieng Otieno",
  phone: "+254722000333",
  email: "achieng@example.com",
  county: "Kisumu",
  town: "Kisumu",
  pickupName: null,
  courier: "Fargo Courier",
  waybill: "FGO12345678",
  office: "Fargo Kisumu",
  collectAt: "",
  subtotal: 2250,
  discount: 0,
  discountCode: null,
  deliveryFee: 200,
  total: 2450,
  revenue: 0,
  payment: { method: "pay_on_delivery", status: "pending" },
  ...overrides,
});

describe("orders CSV", () => {
  it("writes a heading line and one CRLF-terminated line per order, times in Nairobi", () => {
    expect(ordersCsv([row()])).toBe(
      "Order number,Placed (Nairobi time),Customer,Phone,E-mail,County,Town,Pickup point,Courier,Waybill,Collect at,Subtotal (KSh),Discount (KSh),Discount code,Delivery (KSh),Total (KSh),Revenue (KSh),Payment method,Payment status,Status\r\n" +
        "KT-7F3K9QM,2026-11-21 14:05,Achieng Otieno,'+254722000333,achieng@example.com,Kisumu,Kisumu,,Fargo Courier,FGO12345678,Fargo Kisumu,2250,0,,200,2450,0,Pay on delivery,Pending,On its way\r\n",
    );
    // A pickup order names its point instead of an address.
    const pickup = { county: "", town: "", pickupName: "Kijani Threads studio", courier: "", waybill: "", office: "" };
    expect(ordersCsv([row(pickup)])).toContain("achieng@example.com,,,Kijani Threads studio,,,,2250,");
    // Before dispatch, the office the shopper named.
    expect(ordersCsv([row({ courier: "", waybill: "", office: "", collectAt: "Easy Coach Eldoret" })])).toContain(
      ",,,Easy Coach Eldoret,2250,",
    );
    // A discount code's order shows the code and what it took off, so the figures add up.
    expect(ordersCsv([row({ discount: 225, discountCode: "KARIBU10", total: 2225 })])).toContain(",2250,225,KARIBU10,200,2225,");
    expect(ordersCsv([])).toMatch(/^Order number,.*\r\n$/);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+254 700", "'+254 700"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\r=1", `"'\r=1"`],
    ["=1,2", `"'=1,2"`],
  ])("escapes the formula-looking cell %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each([
    ["plain", "plain"],
    ["Otieno, Achieng", '"Otieno, Achieng"'],
    ['The "Big" House', '"The ""Big"" House"'],
    ["line one\nline two", '"line one\nline two"'],
    ["a\r\nb", '"a\r\nb"'],
    ["a=b", "a=b"],
    ["", ""],
  ])("quotes %j as RFC 4180 says", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it("leaves numbers alone and cells without a payment empty", () => {
    expect(csvField(2450)).toBe("2450");
    const [, line] = ordersCsv([row({ fullName: "=cmd|' /C calc'!A0", payment: null, status: "placed" })]).split("\r\n");
    expect(line).toBe(
      "KT-7F3K9QM,2026-11-21 14:05,'=cmd|' /C calc'!A0,'+254722000333,achieng@example.com,Kisumu,Kisumu,,Fargo Courier,FGO12345678,Fargo Kisumu,2250,0,,200,2450,0,,,Placed",
    );
  });
});
