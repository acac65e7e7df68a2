import { describe, expect, it } from "vitest";
import type { Delivery } from "@/lib/checkout/delivery-details";
import type { InvoiceView } from "@/lib/invoices/invoice-view";
import { maskDelivery, maskEmail, maskInvoice, maskOrder, maskPhone } from "./masking";
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
