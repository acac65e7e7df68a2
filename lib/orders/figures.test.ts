import { describe, expect, it } from "vitest";
import { formatKsh } from "@/lib/catalog/price";
import { formatFee } from "@/lib/checkout/fulfilment-fee";
import { discountAmountText, discountLabel, orderFigures } from "./figures";

describe("an order's figures", () => {
  const order = { subtotal: 3499, discount: { code: "KARIBU10", amount: 350 }, deliveryFee: 200, total: 3349 };

  it("show the discount code's line between the subtotal and delivery, so they add up to the total", () => {
    expect(orderFigures(order)).toEqual([
      { label: "Subtotal", text: formatKsh(3499) },
      { label: discountLabel("KARIBU10"), text: discountAmountText(350) },
      { label: "Delivery", text: formatFee(200) },
      { label: "Total", text: formatKsh(3349), total: true },
    ]);
    expect(discountLabel("KARIBU10")).toContain("KARIBU10");
    expect(order.subtotal - order.discount.amount + order.deliveryFee).toBe(order.total);
  });

  it("have no discount line without a code, and name pickup as such", () => {
    const figures = orderFigures({ ...order, discount: null, deliveryFee: 0, total: 3499 }, "Pickup");
    expect(figures.map((figure) => figure.label)).toEqual(["Subtotal", "Pickup", "Total"]);
  });
});
