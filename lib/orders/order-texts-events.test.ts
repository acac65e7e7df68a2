import { eq, like, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startSmsSimulator } from "@/scripts/sms-simulator/server";
import type { Database } from "@/lib/db";
import { orders, outbox, smsMessages } from "@/lib/db/schema";
import { recordRefund } from "@/lib/payments/refunds";
import { recordMpesaOutcome } from "@/lib/payments/mpesa/outcome";
import { expireUnpaidOrders } from "@/lib/payments/mpesa/reconciler";
import { theShop } from "@/lib/auth/actor";
import { testMpesaConfig } from "@/lib/testing/mpesa";
import { outboxSender } from "@/lib/dispatch/senders";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { withTestDb } from "@/lib/testing/db";
import { addToCart } from "@/lib/cart/lines";
import { listActivePickupPoints } from "@/lib/checkout/pickup-points";
import { createProduct, guest, placeGuestOrder, receiveReturnOfOneUnit, testDelivery } from "@/lib/testing/fixtures";
import { newIdempotencyKey } from "./order-number";
import { placeOrder } from "./place-order";
import { findShortLinkTarget, orderLinkPath } from "./order-link";
import { findOrderForStaff } from "./staff-order";
import { orderTexts, stopOrderTexts } from "./order-texts";
import { updateOrderStatus } from "./status-changes";
import { pickupDirections } from "./status-copy";

// Every order event that e-mails the shopper also texts them, once, through the outbox.
const simulator = await startSmsSimulator();
vi.stubEnv("AT_API_URL", simulator.url);
vi.stubEnv("AT_USERNAME", "sandbox");
vi.stubEnv("AT_API_KEY", "simulator-api-key");
vi.stubEnv("SMS_PER_PHONE_PER_HOUR", "100");
afterAll(() => simulator.close());

let db: Database;
withTestDb((opened) => (db = opened));

const staffMember = { id: null, label: "staff@kijanithreads.test" };
const textsOf = (orderId: number) =>
  db.select().from(smsMessages).where(eq(smsMessages.orderId, orderId)).orderBy(smsMessages.id);

describe(`order texts (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("texts the confirmation and each status change once, beside their e-mails, with the short link", async () => {
    const order = await placeGuestOrder(db);
    for (const status of ["confirmed", "dispatched", "delivered"])
      await updateOrderStatus(db, { number: order.number, status, actor: staffMember });
    await deliverDueMessages(db, outboxSender(db));
    const texts = await textsOf(order.id);
    expect(texts.map((text) => text.key)).toEqual([
      `sms:order-placed:${order.number}`,
      expect.stringMatching(`^sms:order-status:${order.number}:confirmed:`),
      expect.stringMatching(`^sms:order-status:${order.number}:dispatched:`),
      expect.stringMatching(`^sms:order-status:${order.number}:delivered:`),
    ]);
    for (const text of texts) {
      expect(text).toMatchObject({ phone: "+254112345678", state: "sent" });
      const mail = await db
        .select()
        .from(outbox)
        .where(eq(outbox.key, text.key.slice("sms:".length)));
      expect(mail).toHaveLength(1);
    }
    expect(texts[2].body).toMatch(
      new RegExp(
        // Nakuru goes by courier: no rider calls (its waybill's text is lib/couriers/couriers.test.ts's).
        `^Kijani Threads: order ${order.number} is on its way by courier\\. Stop SMS or see it: http\\S+/o/${order.number}/[\\w-]{11}$`,
      ),
    );
    // Received until staff confirm it (an unconfirmed order may still be cancelled): the text and e-mail say so.
    expect(texts[0].body).toContain(`order ${order.number} is received.`);
    expect(texts.map((text) => text.body.includes("confirmed"))).toEqual([false, true, false, false]);
    const [placedMail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `order-placed:${order.number}`));
    expect((placedMail.payload as { text: string }).text).toContain(`Order number ${order.number} is received;`);
    expect((placedMail.payload as { text: string }).text).not.toContain("confirmed");
    const [token] = texts[0].body.split("/").slice(-1);
    expect(await findShortLinkTarget(db, order.number, token)).toBe(orderLinkPath(order));
    expect(await findShortLinkTarget(db, order.number, "x".repeat(11))).toBeNull();
    expect(simulator.messages().filter((message) => message.to === "+254112345678")).toHaveLength(4);
    // Staff see each e-mail and text with its state (no SMTP server here: the e-mails went to the log).
    const { messages } = (await findOrderForStaff(db, order.number))!;
    expect(messages.map((message) => [message.channel, message.state])).toEqual(
      ["confirmed", "confirmed", "dispatched", "delivered"].flatMap(() => [
        ["E-mail", "logged"],
        ["SMS", "sent"],
      ]),
    );
    expect(messages[0]).toMatchObject({ to: "kamau@example.com", content: expect.stringContaining(order.number) });
  });

  it("tells a pickup order's shopper that it travels to the point, is ready there (where, when, how to pay) and was collected", async () => {
    const [studio] = await listActivePickupPoints(db);
    const order = await placeGuestOrder(db, 1, { ...testDelivery, fulfilment: "pickup", pickupPoint: String(studio.id) });
    for (const status of ["confirmed", "dispatched", "ready_for_pickup", "delivered"])
      await updateOrderStatus(db, { number: order.number, status, actor: staffMember });
    const texts = (await textsOf(order.id)).map((text) => text.body);
    expect(texts[2]).toContain(`order ${order.number} ${orderTexts.pickupStatus.dispatched}`);
    expect(texts[3]).toContain(`order ${order.number} ${orderTexts.status.ready_for_pickup}`);
    expect(texts[4]).toContain(`order ${order.number} ${orderTexts.pickupStatus.delivered}`);
    expect(texts.join("\n")).not.toMatch(/rider/i);
    const mails = await db
      .select({ subject: sql<string>`${outbox.payload}->>'subject'`, text: sql<string>`${outbox.payload}->>'text'` })
      .from(outbox)
      .where(like(outbox.key, `order-status:${order.number}:%`))
      .orderBy(outbox.id);
    expect(mails.map((row) => row.subject)).toEqual([
      `Your order ${order.number} is confirmed`,
      `Your order ${order.number} is on its way to your pickup point`,
      `Your order ${order.number} is ready for pickup`,
      `Your order ${order.number} has been collected`,
    ]);
    const [place] = await db
      .select({ name: orders.pickupName, address: orders.pickupAddress, hours: orders.pickupHours })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(mails[2].text).toContain(pickupDirections({ name: place.name!, address: place.address!, hours: place.hours! }, true));
    expect(mails[2].text).toContain(studio.address);
  });

  it("texts no ready pickup order whose buyer stopped the texts, and still e-mails it", async () => {
    const [studio] = await listActivePickupPoints(db);
    const order = await placeGuestOrder(db, 1, { ...testDelivery, fulfilment: "pickup", pickupPoint: String(studio.id) });
    await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staffMember });
    await stopOrderTexts(db, order.id);
    await updateOrderStatus(db, { number: order.number, status: "ready_for_pickup", actor: staffMember });
    expect((await textsOf(order.id)).map((text) => text.key)).toEqual([
      `sms:order-placed:${order.number}`,
      expect.stringMatching(`^sms:order-status:${order.number}:confirmed:`),
    ]);
    const ready = await db
      .select()
      .from(outbox)
      .where(like(outbox.key, `order-status:${order.number}:ready_for_pickup:%`));
    expect(ready).toHaveLength(1);
  });

  it("texts each step of a return and the refund, beside their e-mails", async () => {
    const order = await placeGuestOrder(db, 2);
    for (const status of ["confirmed", "dispatched", "delivered"])
      await updateOrderStatus(db, { number: order.number, status, actor: staffMember });
    const refund = await receiveReturnOfOneUnit(db, order.id, staffMember);
    await recordRefund(db, { refundId: refund.id, method: "cash", reference: null, actor: staffMember });
    const texts = (await textsOf(order.id)).slice(4);
    expect(texts.map((text) => text.key)).toEqual([
      `sms:return:${refund.returnId}:requested`,
      `sms:return:${refund.returnId}:approved`,
      `sms:return:${refund.returnId}:received`,
      `sms:refund-recorded:${refund.id}`,
    ]);
    expect(texts[3].body).toMatch(/: your refund of KSh [\d,]+ is sent\./);
    const { messages } = (await findOrderForStaff(db, order.number))!;
    expect(messages.filter((message) => message.channel === "E-mail")).toHaveLength(8);
  });

  it("texts nothing more once the order's texts are stopped", async () => {
    const order = await placeGuestOrder(db);
    await stopOrderTexts(db, order.id);
    await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staffMember });
    expect(await textsOf(order.id)).toHaveLength(1);
    const [row] = await db.select({ smsUpdates: orders.smsUpdates }).from(orders).where(eq(orders.id, order.id));
    expect(row.smsUpdates).toBe(false);
  });

  it("takes a phone-only order when SMS is set up: its link and news go by text alone", async () => {
    const buyer = guest();
    const { variantIds } = await createProduct(db, [{ stock: 5 }]);
    await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
    const delivery = { ...testDelivery, phone: "0712345670", email: "" };
    const refused = await placeOrder(db, {
      cartOwner: buyer,
      delivery,
      idempotencyKey: newIdempotencyKey(),
      emailOptional: false,
    });
    expect(refused).toMatchObject({ ok: false, reason: "invalid_delivery", errors: { email: expect.any(String) } });
    const placed = await placeOrder(db, { cartOwner: buyer, delivery, idempotencyKey: newIdempotencyKey() });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(placed.order.delivery.email).toBe("");
    await updateOrderStatus(db, { number: placed.order.number, status: "confirmed", actor: staffMember });
    const texts = await textsOf(placed.order.id);
    expect(texts.map((text) => text.phone)).toEqual(["+254712345670", "+254712345670"]);
    expect(texts[0].body).toMatch(`/o/${placed.order.number}/`);
    const { messages } = (await findOrderForStaff(db, placed.order.number))!;
    expect(messages.map((message) => message.channel)).toEqual(["SMS", "SMS"]);
  });
  it("texts nothing when an unpaid M-Pesa order expires (its e-mail still goes), so made-up numbers cost nothing", async () => {
    const payment = { method: "mpesa" as const, phone: "254712000999" };
    const order = await placeGuestOrder(db, 1, testDelivery, { payment });
    const cancelled = { resultCode: 1032, resultDesc: "Request cancelled by user" };
    await recordMpesaOutcome(db, order.payment.id, cancelled, theShop);
    const heldBriefly = { ...testMpesaConfig, timers: { ...testMpesaConfig.timers, failedHoldMs: 0 } };
    expect(await expireUnpaidOrders(db, heldBriefly)).toContain(order.number);
    expect(await textsOf(order.id)).toEqual([]);
    const mails = await db
      .select()
      .from(outbox)
      .where(like(outbox.key, `order-status:${order.number}:cancelled:%`));
    expect(mails).toHaveLength(1);
  });
});
