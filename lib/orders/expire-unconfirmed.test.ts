import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { cronJobs } from "@/lib/cron/jobs";
import type { Database } from "@/lib/db";
import { notifications, orders, outbox } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { expireUnconfirmedOrders } from "./expire-unconfirmed";
import { newIdempotencyKey } from "./order-number";
import { updateOrderStatus } from "./status-changes";
import { placeOrder, type PlaceOrderInput } from "./place-order";

let db: Database;
withTestDb((opened) => (db = opened));

const hour = 3_600_000;
const staffMember = { id: null, label: "staff@kijanithreads.test" };

/** An order of two units, placed `hoursAgo` hours ago. */
async function orderPlaced(owner: CartOwner, hoursAgo: number, payment?: PlaceOrderInput["payment"]) {
  const { variantIds } = await createProduct(db, [{ stock: 5 }]);
  await addToCart(db, owner, { variantId: variantIds[0], quantity: 2 });
  const result = await placeOrder(db, { cartOwner: owner, delivery: testDelivery, idempotencyKey: newIdempotencyKey(), payment });
  if (!result.ok) throw new Error(JSON.stringify(result));
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - hoursAgo * hour) })
    .where(eq(orders.id, result.order.id));
  return { number: result.order.number, variantId: variantIds[0] };
}

const statusOf = async (number: string) => (await db.select().from(orders).where(eq(orders.number, number)))[0].status;

describe(`unconfirmed pay-on-delivery orders (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("are cancelled after the window with their stock put back and the shopper told; others are left alone", async () => {
    const userId = await createUser(db);
    const stale = await orderPlaced({ userId }, 3);
    const fresh = await orderPlaced(guest(), 1.5);
    const confirmed = await orderPlaced(guest(), 3);
    await updateOrderStatus(db, { number: confirmed.number, status: "confirmed", actor: staffMember });
    const byMpesa = await orderPlaced(guest(), 3, { method: "mpesa", phone: "+254712345670" });
    expect(await stockOf(db, stale.variantId)).toBe(3);

    const cancelled = await expireUnconfirmedOrders(db, 2 * hour);

    expect(cancelled).toContain(stale.number);
    for (const other of [fresh, confirmed, byMpesa]) expect(cancelled).not.toContain(other.number);
    expect(await statusOf(stale.number)).toBe("cancelled");
    expect(await statusOf(fresh.number)).toBe("placed");
    expect(await statusOf(confirmed.number)).toBe("confirmed");
    expect(await stockOf(db, stale.variantId)).toBe(5);
    expect(await stockOf(db, fresh.variantId)).toBe(3);
    const [bell] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, "order_status_changed")));
    expect(bell.title).toBe(`Order ${stale.number}: Cancelled`);
    expect(
      await db
        .select()
        .from(outbox)
        .where(like(outbox.key, `order-status:${stale.number}:cancelled:%`)),
    ).toHaveLength(1);
    // A second pass finds nothing more to do for it.
    expect(await expireUnconfirmedOrders(db, 2 * hour)).not.toContain(stale.number);
  });

  it("run from the background work's cron pass with the shop's window (24 hours by default)", async () => {
    const old = await orderPlaced(guest(), 25);
    const young = await orderPlaced(guest(), 23);
    const report = await cronJobs["expire-unconfirmed-orders"].run(db);
    expect(report.cancelled).toContain(old.number);
    expect(report.cancelled).not.toContain(young.number);
  });
});
