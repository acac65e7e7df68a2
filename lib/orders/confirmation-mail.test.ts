import { describe, expect, it } from "vitest";
import { orderConfirmationMail } from "./confirmation-mail";
import type { OrderView, PaymentView } from "./order-view";

const contact = { phone: "+254 700 111 222", email: "help@shop.example" };

const payOnDelivery: PaymentView = {
  id: 1,
  method: "pay_on_delivery",
  status: "pending",
  amount: 4048,
  phone: null,
  receipt: null,
  pushed: false,
  resultCode: null,
  resultDesc: null,
  outcomeAt: null,
  problem: null,
  createdAt: new Date("2026-11-21T09:00:00Z"),
};

const order: OrderView = {
  id: 1,
  number: "KT-7F3K9QM",
  status: "placed",
  createdAt: new Date("2026-11-21T09:00:00Z"),
  delivery: {
    fullName: "Achieng Otieno",
    phone: "+254722000333",
    email: "achieng@example.co.ke",
    county: "Kisumu",
    town: "Kisumu",
    street: "Oginga Odinga Street",
    notes: "",
  },
  fulfilment: "delivery",
  pickup: null,
  carrier: "courier",
  collectAt: "",
  shipment: null,
  lines: [
    {
      productId: 1,
      productSlug: "big-five-tee",
      productName: "Big Five T-shirt",
      variantLabel: "M · Black",
      unitPrice: 1799,
      quantity: 2,
      lineTotal: 3598,
    },
  ],
  itemCount: 2,
  subtotal: 3598,
  discount: null,
  deliveryFee: 450,
  total: 4048,
  deliveryWindow: { earliest: "2026-11-23", latest: "2026-11-26" },
  payment: payOnDelivery,
  payments: [payOnDelivery],
  refunds: [],
  partPaid: 0,
  smsUpdates: true,
};

const link = "https://shop.example/orders/KT-7F3K9QM?key=signed";

describe("order confirmation e-mail", () => {
  it("goes to the order's e-mail with its number, lines, totals, address, window, payment and link", () => {
    const mail = orderConfirmationMail(link, order, true, { contact });
    expect(mail.to).toBe("achieng@example.co.ke");
    expect(mail.subject).toBe("Your Kijani Threads order KT-7F3K9QM");
    for (const text of [
      "Order number KT-7F3K9QM",
      "2 × Big Five T-shirt (M · Black): KSh 3,598",
      "Delivery: KSh 450",
      "Total: KSh 4,048",
      "Payment: Pay on delivery.",
      "Delivered to: Oginga Odinga Street, Kisumu, Kisumu",
      "Expected: Mon, 23 Nov – Thu, 26 Nov.",
      link,
      "Questions? Call +254 700 111 222 or write to help@shop.example.",
    ]) {
      expect(mail.text).toContain(text);
    }
  });

  it("tells a courier's county to collect at the office with an ID, never that a rider calls; Nairobi that the rider calls", () => {
    const courier = orderConfirmationMail(link, { ...order, collectAt: "Fargo Kisumu" }, true, { contact }).text;
    expect(courier).toContain(
      "Sent by courier: you collect it at the courier's office in your town with your ID, and we text you the waybill number.",
    );
    expect(courier).toContain("You collect it at: Fargo Kisumu");
    expect(courier).not.toMatch(/rider/i);
    const nairobi = { ...order, carrier: "rider" as const, delivery: { ...order.delivery, county: "Nairobi City" as const } };
    expect(orderConfirmationMail(link, nairobi, true, { contact }).text).toContain(
      "The rider calls +254722000333 before coming.",
    );
  });

  it("shows a discount code's line between the subtotal and the delivery", () => {
    const discounted = { ...order, discount: { code: "KARIBU10", amount: 360 }, total: 3688 };
    const mail = orderConfirmationMail(link, discounted, true, { contact });
    expect(mail.text).toContain("Subtotal: KSh 3,598\nDiscount (KARIBU10): −KSh 360\nDelivery: KSh 450\nTotal: KSh 3,688");
    expect(orderConfirmationMail(link, order, true, { contact }).text).not.toContain("Discount");
  });

  it("says an M-Pesa order is paid, with its receipt", () => {
    const mpesa: PaymentView = {
      ...payOnDelivery,
      method: "mpesa",
      status: "paid",
      phone: "254722000333",
      receipt: "SFH7XK2P9Q",
    };
    const mail = orderConfirmationMail(link, { ...order, payment: mpesa, payments: [mpesa] }, true, { contact });
    expect(mail.text).toContain("Payment: M-Pesa, paid KSh 4,048 (receipt SFH7XK2P9Q).");
  });

  it("to an address never seen before, carries nothing typed into the form: no name, no notes, no street", () => {
    const phishing = {
      ...order,
      delivery: { ...order.delivery, fullName: "Your account is locked - call +254700000000 now", notes: "Call +254700000000" },
    };
    const mail = orderConfirmationMail(link, phishing, false, { contact });
    expect(mail.to).toBe("achieng@example.co.ke");
    expect(mail.subject).toBe("Your Kijani Threads order KT-7F3K9QM");
    expect(mail.text).toContain("Order number KT-7F3K9QM");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Payment: Pay on delivery.");
    expect(mail.text).toContain("Questions? Call +254 700 111 222 or write to help@shop.example.");
    for (const typed of ["locked", "+254700000000", "Oginga Odinga", "Kisumu"]) expect(mail.text).not.toContain(typed);
  });
});
