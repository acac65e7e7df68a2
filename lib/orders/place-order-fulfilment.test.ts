import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deliveryQuote } from "@/lib/checkout/delivery";
import { PICKUP_READY_DAYS, chargedRate, fulfilmentQuote } from "@/lib/checkout/fulfilment-fee";
import { listActivePickupPoints } from "@/lib/checkout/pickup-points";
import { defaultOpeningHours, pickupReadyWindow } from "@/lib/checkout/opening-hours";
import { addToCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { deliverySettings, orderHistory, orders, pickupPoints } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { hasInvoices } from "@/lib/invoices/invoice-view";
import { findDeliveredAt } from "@/lib/returns/returnable";
import { createProduct, guest, stockOf } from "@/lib/testing/fixtures";
import { newIdempotencyKey } from "./order-number";
import { findOrderUnchecked } from "./order-view";
import { payOnArrival } from "./payment-copy";
import { placeOrder, placeOrderMessages } from "./place-order";
import { updateOrderStatus } from "./status-changes";

let db: Database;
withTestDb((opened) => (db = opened));

const contact = { fullName: "Achieng Otieno", phone: "0712 345 678", email: "achieng@example.com", notes: "" };
const kisumu = { county: "Kisumu", town: "Kisumu", street: "Oginga Odinga Street" };
const kisumuRate = { fee: 450, minDays: 2, maxDays: 5 };

async function cartOf(price: number, quantity = 1) {
  const owner = guest();
  const {
    variantIds: [variantId],
  } = await createProduct(db, [{ price, stock: 5 }]);
  expect((await addToCart(db, owner, { variantId, quantity })).ok).toBe(true);
  return { owner, variantId };
}

const setThreshold = (threshold: number | null) =>
  db.update(deliverySettings).set({ freeDeliveryThreshold: threshold }).where(eq(deliverySettings.id, 1));

afterEach(() => setThreshold(null));

describe(`delivery or pickup, and free delivery (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("seeds the studio as a free pickup point and no free-delivery threshold", async () => {
    expect(await listActivePickupPoints(db)).toEqual([
      {
        id: expect.any(Number),
        name: "Kijani Threads studio",
        address: "Kimathi Street, Jamia Towers, 3rd Floor, Nairobi",
        openingHours: defaultOpeningHours,
        fee: 0,
      },
    ]);
    expect(await db.select({ threshold: deliverySettings.freeDeliveryThreshold }).from(deliverySettings)).toEqual([
      { threshold: null },
    ]);
  });

  it("delivers free once the goods reach the threshold, and charges the county's fee below it", async () => {
    await setThreshold(2_000);
    const below = await cartOf(1_999);
    const paid = await placeOrder(db, {
      cartOwner: below.owner,
      delivery: { ...contact, ...kisumu },
      idempotencyKey: newIdempotencyKey(),
    });
    expect(paid.ok && [paid.order.deliveryFee, paid.order.total]).toEqual([450, 2_449]);

    const atIt = await cartOf(1_000, 2);
    const free = await placeOrder(db, {
      cartOwner: atIt.owner,
      delivery: { ...contact, ...kisumu },
      idempotencyKey: newIdempotencyKey(),
      expectedDeliveryQuote: deliveryQuote({ ...kisumuRate, fee: 0 }),
    });
    expect(free.ok && [free.order.deliveryFee, free.order.total]).toEqual([0, 2_000]);
  });

  it("asks again when the threshold changed since the quote, placing nothing", async () => {
    const { owner, variantId } = await cartOf(3_000);
    const key = newIdempotencyKey();
    await setThreshold(5_000);
    // The checkout showed free delivery under an older threshold of 3,000.
    const result = await placeOrder(db, {
      cartOwner: owner,
      delivery: { ...contact, ...kisumu },
      idempotencyKey: key,
      expectedDeliveryQuote: deliveryQuote({ ...kisumuRate, fee: 0 }),
    });
    expect(result).toEqual({
      ok: false,
      reason: "delivery_quoted",
      error: placeOrderMessages.deliveryQuoted({ kind: "delivery", county: "Kisumu", rate: kisumuRate }, kisumuRate),
    });
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);
    expect(await stockOf(db, variantId)).toBe(5);
  });

  it("places a pickup order without an address, copying the point, which a later edit leaves alone", async () => {
    const [studio] = await listActivePickupPoints(db);
    const { owner } = await cartOf(1_500);
    const option = { kind: "pickup", point: studio } as const;
    const result = await placeOrder(db, {
      cartOwner: owner,
      delivery: { ...contact, fulfilment: "pickup", pickupPoint: String(studio.id) },
      idempotencyKey: newIdempotencyKey(),
      expectedDeliveryQuote: fulfilmentQuote(option, chargedRate(option, 1_500, null)),
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    await db
      .update(pickupPoints)
      .set({ name: "Renamed", address: "Elsewhere", openingHours: { ...defaultOpeningHours, monday: null }, fee: 300 })
      .where(eq(pickupPoints.id, studio.id));

    const order = (await findOrderUnchecked(db, result.order.id))!;
    expect(order).toMatchObject({
      fulfilment: "pickup",
      pickup: { name: studio.name, address: studio.address, hours: "Monday to Saturday, 08:00–18:00; Sunday closed" },
      delivery: { county: "", town: "", street: "", phone: "+254712345678" },
      deliveryFee: 0,
      total: 1_500,
    });
    // Ready on the days the studio opens (never a Sunday).
    expect(order.deliveryWindow).toEqual(pickupReadyWindow({ fee: 0, ...PICKUP_READY_DAYS }, studio.openingHours, new Date()));
    for (const date of Object.values(order.deliveryWindow)) expect(new Date(`${date}T00:00:00Z`).getUTCDay()).not.toBe(0);
    await db
      .update(pickupPoints)
      .set({ name: studio.name, address: studio.address, openingHours: studio.openingHours, fee: 0 })
      .where(eq(pickupPoints.id, studio.id));
  });

  it("makes a pickup order ready at its point before it is collected, and records it paid there; a delivered one paid to the rider", async () => {
    const [studio] = await listActivePickupPoints(db);
    const place = async (delivery: Parameters<typeof placeOrder>[1]["delivery"], expectedDeliveryQuote?: string) => {
      const { owner } = await cartOf(1_500);
      const placed = await placeOrder(db, {
        cartOwner: owner,
        delivery,
        idempotencyKey: newIdempotencyKey(),
        expectedDeliveryQuote,
      });
      if (!placed.ok) throw new Error(JSON.stringify(placed));
      return placed.order;
    };
    const option = { kind: "pickup", point: studio } as const;
    const pickup = await place(
      { ...contact, fulfilment: "pickup", pickupPoint: String(studio.id) },
      fulfilmentQuote(option, chargedRate(option, 1_500, null)),
    );
    const delivered = await place({ ...contact, ...kisumu });
    const actor = { id: null, label: "staff@kijanithreads.test" };
    const step = (number: string, status: string) => updateOrderStatus(db, { number, status, actor });
    // Only a pickup order is made ready, and it is collected only once ready.
    expect(await step(delivered.number, "confirmed")).toMatchObject({ ok: true });
    expect(await step(delivered.number, "ready_for_pickup")).toMatchObject({ ok: false, reason: "not_allowed" });
    for (const status of ["dispatched", "delivered"]) expect(await step(delivered.number, status)).toMatchObject({ ok: true });
    for (const status of ["confirmed", "dispatched"]) expect(await step(pickup.number, status)).toMatchObject({ ok: true });
    expect(await step(pickup.number, "delivered")).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(await step(pickup.number, "ready_for_pickup")).toMatchObject({ ok: true });
    expect((await findOrderUnchecked(db, pickup.id))?.payment.status).toBe("pending");
    expect(await step(pickup.number, "delivered")).toMatchObject({ ok: true, order: { payment: { status: "paid" } } });
    // Collected is delivery's status in pickup's words: the sale's invoice and the returns window start from it.
    expect(await hasInvoices(db, pickup.id)).toBe(true);
    expect(await findDeliveredAt(db, pickup.id)).toBeInstanceOf(Date);
    const lastNote = async (orderId: number) =>
      (
        await db
          .select({ note: orderHistory.note })
          .from(orderHistory)
          .where(eq(orderHistory.orderId, orderId))
          .orderBy(orderHistory.id)
      ).at(-1)?.note;
    expect(await lastNote(pickup.id)).toBe(payOnArrival.pickup.paid);
    expect(await lastNote(delivered.id)).toBe(payOnArrival.delivery.paid);
  });

  it("quotes a pickup point's new fee before placing, and refuses a point no longer offered", async () => {
    const [point] = await db
      .insert(pickupPoints)
      .values({ name: "Westgate kiosk", address: "Westgate Mall, Nairobi", openingHours: defaultOpeningHours, fee: 150 })
      .returning();
    const { owner, variantId } = await cartOf(1_000);
    const pickup = { ...contact, fulfilment: "pickup", pickupPoint: String(point.id) };
    const option = { kind: "pickup", point: { ...point, fee: 100 } } as const;
    const staleQuote = fulfilmentQuote(option, chargedRate(option, 1_000, null));
    const quoted = await placeOrder(db, {
      cartOwner: owner,
      delivery: pickup,
      idempotencyKey: newIdempotencyKey(),
      expectedDeliveryQuote: staleQuote,
    });
    expect(quoted).toMatchObject({ ok: false, reason: "delivery_quoted" });
    expect(!quoted.ok && "error" in quoted && quoted.error).toContain(
      "Pickup at Westgate kiosk costs KSh 150 (ready to pick up in 1–2 days)",
    );

    await db.update(pickupPoints).set({ active: false }).where(eq(pickupPoints.id, point.id));
    expect(await placeOrder(db, { cartOwner: owner, delivery: pickup, idempotencyKey: newIdempotencyKey() })).toEqual({
      ok: false,
      reason: "delivery_quoted",
      error: placeOrderMessages.pickupWithdrawn,
    });
    expect(await stockOf(db, variantId)).toBe(5);
  });
});
