import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { eq } from "drizzle-orm";
import { outbox, payments } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, stockOf, testDelivery } from "@/lib/testing/fixtures";
import { statusOf } from "@/lib/testing/orders";
import { listOrderHistory } from "./history";
import { newIdempotencyKey, newOrderNumber } from "./order-number";
import { statusMessages } from "./status-change-rules";
import { updateOrderStatus, type StatusChange } from "./status-changes";
import { placeOrder } from "./place-order";
import { messageStateLabels } from "./staff-labels";
import { findOrderForStaff } from "./staff-order";

let db: Database;
withTestDb((opened) => (db = opened));

const baraka = { id: null, label: "baraka@kijanithreads.test" };
const amani = { id: null, label: "amani@kijanithreads.test" };

const delivery = testDelivery;

/** A guest's order of `quantity` items of a product with `stock` in stock. */
async function placed(stock = 5, quantity = 2) {
  const {
    variantIds: [variantId],
  } = await createProduct(db, [{ price: 1000, stock }]);
  const buyer = guest();
  await addToCart(db, buyer, { variantId, quantity });
  const result = await placeOrder(db, { cartOwner: buyer, delivery, idempotencyKey: newIdempotencyKey() });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return { order: result.order, variantId };
}

describe(`an order in the back office (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("shows the order with every payment attempt and every change, who made it, when and why", async () => {
    const { order } = await placed();
    await updateOrderStatus(db, { number: order.number, status: "confirmed", expectedStatus: "placed", actor: baraka });
    // A later attempt (an M-Pesa push that failed) is listed after the first.
    await db.insert(payments).values({ orderId: order.id, method: "mpesa", status: "failed", amount: order.total });
    await updateOrderStatus(db, {
      number: order.number,
      status: "cancelled",
      expectedStatus: "confirmed",
      note: "  The shopper called to cancel.  ",
      actor: amani,
    });

    const found = await findOrderForStaff(db, order.number);
    expect(found?.order).toMatchObject({ number: order.number, status: "cancelled", total: order.total });
    expect(found?.order.payments.map(({ method, status, amount }) => ({ method, status, amount }))).toEqual([
      { method: "pay_on_delivery", status: "cancelled", amount: order.total },
      { method: "mpesa", status: "failed", amount: order.total },
    ]);
    expect(
      found?.history.map(({ actorLabel, fromStatus, toStatus, note }) => ({ actorLabel, fromStatus, toStatus, note })),
    ).toEqual([
      { actorLabel: "Shopper", fromStatus: null, toStatus: "placed", note: "" },
      { actorLabel: baraka.label, fromStatus: "placed", toStatus: "confirmed", note: "" },
      { actorLabel: amani.label, fromStatus: "confirmed", toStatus: "cancelled", note: "The shopper called to cancel." },
    ]);
    const times = found!.history.map((entry) => entry.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await listOrderHistory(db, order.id)).toEqual(found?.history);
  });

  it("lists an e-mail written to the log (no SMTP set) as such, not as sent", async () => {
    const { order } = await placed();
    const confirmation = `order-placed:${order.number}`;
    await db.update(outbox).set({ sentAt: new Date(), logged: true }).where(eq(outbox.key, confirmation));
    const mails = (await findOrderForStaff(db, order.number))?.messages.filter((message) => message.channel === "E-mail");
    expect(mails?.map((message) => messageStateLabels[message.state])).toEqual(["Written to the log (no SMTP set)"]);
    await db.update(outbox).set({ logged: false }).where(eq(outbox.key, confirmation));
    expect((await findOrderForStaff(db, order.number))?.messages.find((message) => message.channel === "E-mail")?.state).toBe(
      "sent",
    );
  });

  it.each([newOrderNumber(), "", "kt-abcdefg", "KT-7F3K9QM' or '1'='1", "../KT-7F3K9QM", null, 42])(
    "finds no order for the number %j",
    async (number) => {
      expect(await findOrderForStaff(db, number)).toBeNull();
    },
  );

  it("has no history for an unknown order id", async () => {
    expect(await listOrderHistory(db, 987_654)).toEqual([]);
  });
});

describe(`two members of staff changing one order at once (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("lets exactly one of two cancels through and puts the stock back once", async () => {
    const { order, variantId } = await placed(5, 2);
    expect(await stockOf(db, variantId)).toBe(3);

    const cancel = (actor: typeof baraka) =>
      updateOrderStatus(db, {
        number: order.number,
        status: "cancelled",
        expectedStatus: "placed",
        note: "Duplicate order",
        actor,
      });
    const results = await Promise.all([cancel(baraka), cancel(amani)]);

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({
      ok: false,
      reason: "changed_meanwhile",
      error: statusMessages.changedMeanwhile("cancelled"),
      current: "cancelled",
    });
    expect(await stockOf(db, variantId)).toBe(5);
    expect((await listOrderHistory(db, order.id)).filter((entry) => entry.toStatus === "cancelled")).toHaveLength(1);
  });

  it("lets one of a confirm and a cancel through; the stock follows whichever won", async () => {
    const { order, variantId } = await placed(4, 1);
    const results: StatusChange[] = await Promise.all([
      updateOrderStatus(db, { number: order.number, status: "confirmed", expectedStatus: "placed", actor: baraka }),
      updateOrderStatus(db, {
        number: order.number,
        status: "cancelled",
        expectedStatus: "placed",
        note: "No answer",
        actor: amani,
      }),
    ]);
    const won = results.filter((result): result is Extract<StatusChange, { ok: true }> => result.ok);
    expect(won).toHaveLength(1);
    const lost = results.find((result) => !result.ok);
    expect(lost).toMatchObject({ reason: "changed_meanwhile", current: won[0].order.status });
    expect(await statusOf(db, order.id)).toBe(won[0].order.status);
    expect(await stockOf(db, variantId)).toBe(won[0].order.status === "cancelled" ? 4 : 3);
  });

  it("refuses a change made on a stale page, and changes nothing", async () => {
    const { order, variantId } = await placed(5, 1);
    await updateOrderStatus(db, { number: order.number, status: "confirmed", expectedStatus: "placed", actor: baraka });
    // Amani's page still shows 'Placed'.
    expect(
      await updateOrderStatus(db, {
        number: order.number,
        status: "cancelled",
        expectedStatus: "placed",
        note: "Late",
        actor: amani,
      }),
    ).toEqual({
      ok: false,
      reason: "changed_meanwhile",
      error: statusMessages.changedMeanwhile("confirmed"),
      current: "confirmed",
    });
    expect(await statusOf(db, order.id)).toBe("confirmed");
    expect(await stockOf(db, variantId)).toBe(4);
    expect(await listOrderHistory(db, order.id)).toHaveLength(2);
  });
});
