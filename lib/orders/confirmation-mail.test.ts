import { describe, expect, it } from "vitest";
import { orderConfirmationMail } from "./confirmation-mail";
import type { OrderView } from "./orders";

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
  deliveryFee: 450,
  total: 4048,
  deliveryWindow: { earliest: "2026-11-23", latest: "2026-11-26" },
  payment: { method: "pay_on_delivery", status: "pending", amount: 4048 },
};

describe("order confirmation e-mail", () => {
  it("goes to the order's e-mail with its number, lines, totals, address, window, payment and link", () => {
    const mail = orderConfirmationMail("https://shop.example", order);
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
      "https://shop.example/orders/KT-7F3K9QM",
    ]) {
      expect(mail.text).toContain(text);
    }
  });
});
