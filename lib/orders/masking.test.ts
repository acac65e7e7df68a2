import { describe, expect, it } from "vitest";
import type { Delivery } from "@/lib/checkout/delivery-details";
import type { InvoiceView } from "@/lib/invoices/invoice-view";
import type { ShopUser } from "@/lib/auth/user";
import { maskDelivery, maskEmail, maskInvoice, maskOrder, maskPhone, seesInvoiceInFull } from "./masking";
import type { OrderView, PaymentView } from "./order-view";

const delivery: Delivery = {
  fullName: "Kamau Njoroge Wa Kariuki",
  phone: "+254712345678",
  email: "kamau.njoroge@example.com",
  county: "Nakuru",
  town: "Naivasha",
  street: "Moi South Lake Road, house 12",
  notes: "Gate code 4411",
};

describe("masking an order for its link", () => {
  it("keeps the first name, town and county, and hides the street, notes, phone and e-mail", () => {
    const masked = maskDelivery(delivery);
    expect(masked).toEqual({
      fullName: "Kamau",
      phone: "+254 ••• ••• 678",
      email: "k•••@example.com",
      county: "Nakuru",
      town: "Naivasha",
      street: "•••",
      notes: "",
    });
    expect(JSON.stringify(masked)).not.toMatch(/Njoroge|Moi|4411|712345|kamau\.njoroge/);
  });

  it("masks phones in either stored form and e-mails", () => {
    expect(maskPhone("254712345678")).toBe("+254 ••• ••• 678");
    expect(maskEmail("a@b.co")).toBe("a•••@b.co");
  });

  it("masks every payment's phone too", () => {
    const payment = { id: 1, phone: "254712345678" } as PaymentView;
    const order = { delivery, payment, payments: [payment, { ...payment, phone: null }] } as unknown as OrderView;
    const masked = maskOrder(order);
    expect(masked.payment.phone).toBe("+254 ••• ••• 678");
    expect(masked.payments.map((p) => p.phone)).toEqual(["+254 ••• ••• 678", null]);
    expect(order.delivery.street).toBe(delivery.street);
  });

  it("masks an invoice's buyer to the first name and the PIN's first and last characters", () => {
    const invoice = { id: 1, number: 7, buyerName: "Kamau Njoroge", buyerPin: "A012345678B", totalCents: 100 } as InvoiceView;
    expect(maskInvoice(invoice)).toEqual({ ...invoice, buyerName: "Kamau", buyerPin: "A•••B" });
    expect(maskInvoice({ ...invoice, buyerPin: null }).buyerPin).toBeNull();
  });
});

describe("who sees an invoice in full by the order's link (issue 55)", () => {
  const shopper: ShopUser = {
    id: "u1",
    firstName: "Kamau",
    lastName: "Njoroge",
    email: "Kamau.Njoroge@example.com",
    phone: "+254712345678",
    roles: [],
    twoFactorEnabled: false,
    emailVerified: true,
  };
  const staff: ShopUser = { ...shopper, email: "staff@kijanithreads.test", roles: ["staff"], twoFactorEnabled: true };

  it("staff who handle orders and the buyer signed in with the order's verified e-mail", () => {
    expect(seesInvoiceInFull(staff, delivery.email)).toBe(true);
    expect(seesInvoiceInFull({ ...staff, roles: ["admin"] }, delivery.email)).toBe(true);
    expect(seesInvoiceInFull(shopper, delivery.email)).toBe(true);
  });

  it("not a stranger, marketing staff, staff without a second factor, or an unverified or other address", () => {
    expect(seesInvoiceInFull(null, delivery.email)).toBe(false);
    expect(seesInvoiceInFull({ ...staff, roles: ["marketing"] }, delivery.email)).toBe(false);
    expect(seesInvoiceInFull({ ...staff, twoFactorEnabled: false }, delivery.email)).toBe(false);
    expect(seesInvoiceInFull({ ...shopper, emailVerified: false }, delivery.email)).toBe(false);
    expect(seesInvoiceInFull({ ...shopper, email: "other@example.com" }, delivery.email)).toBe(false);
    expect(seesInvoiceInFull({ ...shopper, email: "" }, "")).toBe(false);
  });
});
