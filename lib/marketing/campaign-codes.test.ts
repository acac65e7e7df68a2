import { describe, expect, it } from "vitest";
import { addToCart, getCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { applyCartCode } from "@/lib/discounts/cart-code";
import { testCategories } from "@/lib/testing/fixtures";
import { discountCodeSchema } from "@/lib/discounts/code-input";
import { createDiscountCode } from "@/lib/discounts/manage";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import { nairobiDate } from "@/lib/time/nairobi";
import { campaignCodeReport } from "./campaign-codes";
import { createCampaign } from "./campaigns";

let db: Database;
withTestDb((opened) => (db = opened));

const actor = { id: null, label: "marketing@example.com" };

describe(`the campaign table's discount codes (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("shows each linked code's orders and the revenue its orders brought in", async () => {
    const campaign = await createCampaign(db, { name: "sms-karibu", source: "sms", target: { kind: "home" } }, actor);
    if (!campaign.ok) throw new Error("campaign not created");
    const input = discountCodeSchema(testCategories).parse({
      code: "KARIBU-SMS",
      kind: "fixed",
      value: "300",
      scope: "all",
      startsAt: "2020-01-01T00:00",
      endsAt: "2099-01-01T00:00",
      campaignId: String(campaign.campaign.id),
    });
    expect((await createDiscountCode(db, input, actor)).ok).toBe(true);
    const {
      variantIds: [a],
    } = await createProduct(db, [{ price: 2000, stock: 5 }]);
    const buyer = guest();
    await addToCart(db, buyer, { variantId: a, quantity: 1 });
    expect((await applyCartCode(db, buyer, await getCart(db, buyer), "karibu-sms")).ok).toBe(true);
    const placed = await placeOrder(db, { cartOwner: buyer, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    for (const status of ["confirmed", "dispatched", "delivered"])
      expect((await updateOrderStatus(db, { number: placed.order.number, status, actor })).ok).toBe(true);

    const today = nairobiDate(new Date());
    expect(await campaignCodeReport(db, { from: today, to: today })).toEqual([
      { id: expect.any(Number), campaign: "sms-karibu", code: "KARIBU-SMS", orders: 1, revenue: placed.order.total },
    ]);
    expect(placed.order.total).toBe(2000 - 300 + placed.order.deliveryFee);
  });
});
