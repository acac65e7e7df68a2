import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { invoices, orderHistory, outbox, payments, pesapalState, refunds } from "@/lib/db/schema";
import { createRefundDue } from "@/lib/orders/refund-due";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { paymentState } from "@/lib/payments/state";
import { findOrderUnchecked } from "@/lib/orders/order-view";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest } from "@/lib/testing/fixtures";
import { fakePesapal, testPesapalConfig, type FakeStatus } from "@/lib/testing/pesapal";
import { testMpesaConfig } from "@/lib/testing/mpesa";
import { paymentTypeCodes } from "@/lib/invoices/issue";
import { paymentTypes } from "@/scripts/etims-simulator/rules";
import { paymentProviders } from "@/lib/payments/providers";
import { expireUnpaidOrders } from "@/lib/payments/mpesa/reconciler";
import { submitPesapalAttempt } from "./attempt";
import { pesapal } from "./client";
import { reconcilePesapal, settleByStatus } from "./notification";
import { requestPesapalRefund, sendRefundRequest } from "./refunds";
import { ipnAcknowledgement, paidByCard, pesapalOutcome } from "./status";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };
const delivery = {
  fullName: "Wanjiru Kamau",
  phone: "0712345678",
  email: "wanjiru@example.com",
  county: "Nairobi City",
  town: "Nairobi",
  street: "Moi Avenue",
};
const card = (amount: number, code = `PSP${Math.random().toString(36).slice(2, 10).toUpperCase()}`): FakeStatus => ({
  status_code: 1,
  amount,
  confirmation_code: code,
  payment_method: "Visa",
});

/** A Pesapal order of one unit sent to Pesapal (its tracking id given), with its attempt. */
async function pesapalOrder(price = 1000) {
  const buyer = guest();
  const { variantIds } = await createProduct(db, [{ price, stock: 5 }]);
  await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
  const placed = await placeOrder(db, {
    cartOwner: buyer,
    delivery,
    idempotencyKey: newIdempotencyKey(),
    payment: { method: "pesapal" },
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  const config = testPesapalConfig();
  const started = await submitPesapalAttempt(
    db,
    config,
    placed.order.payment.id,
    fakePesapal(() => ({ status_code: 0 })).fetchImpl,
  );
  if (!started.ok) throw new Error(started.error);
  const [attempt] = await db.select().from(payments).where(eq(payments.id, placed.order.payment.id));
  return { order: placed.order, attempt, config, trackingId: attempt.trackingId! };
}
const paymentOf = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0];
const historyOf = (orderId: number) => db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId));

describe("Pesapal's status codes", () => {
  it("count 1 as completed, 2 as failed, 3 as reversed and 0 or anything else as still pending", () => {
    expect(pesapalOutcome({ status_code: 1, amount: 1200, confirmation_code: "ABC123", payment_method: "Visa" })).toEqual({
      kind: "completed",
      amount: 1200,
      confirmationCode: "ABC123",
      channel: "Visa",
    });
    expect(pesapalOutcome({ status_code: 2, description: "Declined" })).toEqual({ kind: "failed", description: "Declined" });
    expect(pesapalOutcome({ status_code: 3 })).toEqual({ kind: "reversed" });
    expect(pesapalOutcome({ status_code: 0 })).toEqual({ kind: "pending" });
    expect(pesapalOutcome({ status_code: 7 })).toEqual({ kind: "pending" });
    // A completion without its code cannot be counted or refunded: asked again.
    expect(pesapalOutcome({ status_code: 1, amount: 1200 })).toEqual({ kind: "pending" });
  });

  it("tells cards from mobile money, and reports a card to eTIMS with KRA's card code, which the simulator's list names", () => {
    expect(paidByCard("Visa")).toBe(true);
    expect(paidByCard("MasterCard")).toBe(true);
    expect(paidByCard("AirtelKE")).toBe(false);
    expect(paidByCard("MpesaKE")).toBe(false);
    const pesapalWay = paymentProviders.pesapal;
    expect(paymentTypeCodes[pesapalWay.paidBy({ channel: "Visa" })]).toBe("05");
    expect(paymentTypes["05"]).toBe("Debit & credit card");
    expect(paymentTypeCodes[pesapalWay.paidBy({ channel: "AirtelKE" })]).toBe("06");
    for (const provider of Object.values(paymentProviders))
      expect(Object.keys(paymentTypes)).toContain(paymentTypeCodes[provider.paidBy({ channel: null })]);
  });

  it("acknowledges a notification as Pesapal documents: its ids back, status 200 once recorded", () => {
    const ids = { OrderTrackingId: "t-1", OrderMerchantReference: "KT-1-1", OrderNotificationType: "IPNCHANGE" };
    expect(ipnAcknowledgement(ids, true)).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: "t-1",
      orderMerchantReference: "KT-1-1",
      status: 200,
    });
    expect(ipnAcknowledgement(ids, false).status).toBe(500);
  });
});

describe(`Pesapal payments (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("holds an unpaid order and sends the shopper to Pesapal with the order's reference, amount and billing contact", async () => {
    const { order, attempt } = await pesapalOrder(1500);
    expect(attempt).toMatchObject({ method: "pesapal", status: "pending", amount: order.total, paidAt: null });
    expect(attempt.trackingId).toBeTruthy();
    expect(paymentState((await findOrderUnchecked(db, order.id))!)).toMatchObject({ kind: "awaiting", method: "pesapal" });
  });

  it("records a card payment once the status query says completed, with its code, and reports it to eTIMS as a card", async () => {
    const { order, attempt, config, trackingId } = await pesapalOrder();
    const pesapalSays = fakePesapal(() => card(order.total, "PSPCARD0001"));
    expect(await settleByStatus(db, config, trackingId, pesapalSays.fetchImpl)).toMatchObject({ recorded: "paid" });
    const paid = await paymentOf(attempt.id);
    expect(paid).toMatchObject({ status: "paid", providerReference: "PSPCARD0001", channel: "Visa" });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice.paymentTypeCode).toBe("05");
    expect(paymentState((await findOrderUnchecked(db, order.id))!)).toMatchObject({ kind: "paid", method: "pesapal" });
    // Asked again (the notification after the callback): nothing new.
    expect(await settleByStatus(db, config, trackingId, pesapalSays.fetchImpl)).toMatchObject({ recorded: "unchanged" });
    expect((await historyOf(order.id)).filter((line) => line.note?.startsWith("Paid"))).toHaveLength(1);
  });

  it("cancels an order still unpaid after its window, in its history as unpaid by card or Airtel Money", async () => {
    const { order } = await pesapalOrder();
    const windowOver = { timers: { ...testMpesaConfig.timers, windowMs: 0 } };
    expect(await expireUnpaidOrders(db, windowOver)).toContain(order.number);
    expect((await historyOf(order.id)).map((line) => line.note)).toContain("Not paid by card or Airtel Money within 0 minutes.");
  });

  it("records a declined payment as failed, and leaves a pending one to be asked again", async () => {
    const declined = await pesapalOrder();
    const no = fakePesapal(() => ({ status_code: 2, description: "Insufficient funds" }));
    expect(await settleByStatus(db, declined.config, declined.trackingId, no.fetchImpl)).toMatchObject({ recorded: "failed" });
    expect(await paymentOf(declined.attempt.id)).toMatchObject({ status: "failed", resultDesc: "Insufficient funds" });
    expect(paymentState((await findOrderUnchecked(db, declined.order.id))!)).toMatchObject({ kind: "failed", method: "pesapal" });

    const pending = await pesapalOrder();
    const notYet = fakePesapal(() => ({ status_code: 0 }));
    expect(await settleByStatus(db, pending.config, pending.trackingId, notYet.fetchImpl)).toMatchObject({
      recorded: "unchanged",
    });
    expect(await paymentOf(pending.attempt.id)).toMatchObject({ status: "pending", outcomeAt: null });
  });

  it("asks pending payments again on the schedule, and records what Pesapal then says", async () => {
    const { order, attempt, config } = await pesapalOrder();
    await db
      .update(payments)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, attempt.id));
    const pesapalSays = fakePesapal(() => ({ ...card(order.total), payment_method: "AirtelKE" }));
    await reconcilePesapal(db, config, pesapalSays.fetchImpl);
    expect(await paymentOf(attempt.id)).toMatchObject({ status: "paid", channel: "AirtelKE", nextCheckAt: null });
  });

  it("changes nothing for a notification of an id it never sent, or whose status Pesapal does not confirm", async () => {
    const { attempt, config, trackingId } = await pesapalOrder();
    const forged = fakePesapal(() => card(999_999));
    expect(await settleByStatus(db, config, "forged-tracking-id", forged.fetchImpl)).toEqual({ known: false });
    expect(forged.calls).toEqual([]);
    // A real id: only Pesapal's answer counts, and it says the payment is still pending.
    await settleByStatus(db, config, trackingId, fakePesapal(() => ({ status_code: 0 })).fetchImpl);
    expect(await paymentOf(attempt.id)).toMatchObject({ status: "pending", paidAt: null });
  });

  it("never counts an amount other than the attempt's", async () => {
    const { order, attempt, config, trackingId } = await pesapalOrder();
    await settleByStatus(db, config, trackingId, fakePesapal(() => card(order.total - 1)).fetchImpl);
    expect(await paymentOf(attempt.id)).toMatchObject({ status: "failed", paidAt: null });
    expect((await paymentOf(attempt.id)).problem).toMatch(/Pesapal reported/);
  });

  it("records one payment when the same notification arrives twice at once", async () => {
    const { order, attempt, config, trackingId } = await pesapalOrder();
    const pesapalSays = fakePesapal(() => card(order.total, "PSPTWICE001"));
    const both = await Promise.all([
      settleByStatus(db, config, trackingId, pesapalSays.fetchImpl),
      settleByStatus(db, config, trackingId, pesapalSays.fetchImpl),
    ]);
    expect(both.map((settled) => (settled.known ? settled.recorded : null)).sort()).toEqual(["paid", "unchanged"]);
    expect(await paymentOf(attempt.id)).toMatchObject({ status: "paid", providerReference: "PSPTWICE001" });
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect((await historyOf(order.id)).filter((line) => line.note?.startsWith("Paid"))).toHaveLength(1);
  });

  it("flags 'Refund due' for money that arrives after the order was cancelled", async () => {
    const { order, config, trackingId } = await pesapalOrder();
    const cancelled = await updateOrderStatus(db, {
      number: order.number,
      status: "cancelled",
      note: "Customer asked",
      actor: staff,
    });
    expect(cancelled.ok).toBe(true);
    await settleByStatus(db, config, trackingId, fakePesapal(() => card(order.total)).fetchImpl);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([
      { amount: order.total, reason: "cancelled", status: "due" },
    ]);
  });

  it("refunds a card in part through Pesapal, once, shown as requested until Pesapal confirms the reversal", async () => {
    const { order, attempt, config, trackingId } = await pesapalOrder(3000);
    await settleByStatus(db, config, trackingId, fakePesapal(() => card(order.total, "PSPREFUND01")).fetchImpl);
    const due = await db.transaction((tx) => createRefundDue(tx, { orderId: order.id, amount: 1000, reason: "return" }));
    if (!due.ok) throw new Error(due.error);
    expect(await requestPesapalRefund(db, config, { refundId: due.refundId, actor: staff })).toEqual({ ok: true });
    expect(await db.select().from(refunds).where(eq(refunds.id, due.refundId))).toMatchObject([
      { status: "requested", method: "pesapal", paymentId: attempt.id },
    ]);
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.key, `refund:${due.refundId}`)),
    ).toHaveLength(1);
    const pesapalSays = fakePesapal(() => ({ status_code: 3 }));
    expect(await sendRefundRequest(db, config, due.refundId, pesapalSays.fetchImpl)).toBe("sent");
    expect(pesapalSays.calls).toContain("/api/Transactions/RefundRequest");

    // One refund per payment.
    const second = await db.transaction((tx) => createRefundDue(tx, { orderId: order.id, amount: 500, reason: "return" }));
    if (!second.ok) throw new Error(second.error);
    expect(await requestPesapalRefund(db, config, { refundId: second.refundId, actor: staff })).toMatchObject({ ok: false });

    await settleByStatus(db, config, trackingId, pesapalSays.fetchImpl);
    expect(await db.select().from(refunds).where(eq(refunds.id, due.refundId))).toMatchObject([
      { status: "recorded", method: "pesapal", reference: "PSPREFUND01", recordedBy: "Pesapal" },
    ]);
  });

  it("refunds mobile money in full only", async () => {
    const { order, config, trackingId } = await pesapalOrder(2000);
    await settleByStatus(
      db,
      config,
      trackingId,
      fakePesapal(() => ({ ...card(order.total), payment_method: "AirtelKE" })).fetchImpl,
    );
    const part = await db.transaction((tx) => createRefundDue(tx, { orderId: order.id, amount: 500, reason: "return" }));
    if (!part.ok) throw new Error(part.error);
    expect(await requestPesapalRefund(db, config, { refundId: part.refundId, actor: staff })).toMatchObject({ ok: false });
    const whole = await db.transaction((tx) =>
      createRefundDue(tx, { orderId: order.id, amount: order.total, reason: "cancelled" }),
    );
    if (!whole.ok) throw new Error(whole.error);
    expect(await requestPesapalRefund(db, config, { refundId: whole.refundId, actor: staff })).toEqual({ ok: true });
  });

  it("reuses its token for 5 minutes, and registers its notification URL once when no IPN id is set", async () => {
    const config = { ...testPesapalConfig(), ipnId: null };
    const pesapalSays = fakePesapal(() => ({ status_code: 0 }));
    const client = pesapal(db, config, pesapalSays.fetchImpl);
    const order = {
      reference: "KT-TEST-1",
      amount: 100,
      description: "Order",
      billing: { email: "a@b.co", phone: "+254712345678", firstName: "A", lastName: "B" },
    };
    expect(await client.submitOrder(order)).toMatchObject({ ok: true });
    expect(await client.submitOrder({ ...order, reference: "KT-TEST-2" })).toMatchObject({ ok: true });
    expect(pesapalSays.calls.filter((path) => path.endsWith("/RequestToken"))).toHaveLength(1);
    expect(pesapalSays.calls.filter((path) => path.endsWith("/RegisterIPN"))).toHaveLength(1);
    expect(await db.select().from(pesapalState)).toMatchObject([{ ipnUrl: config.ipnUrl }]);
  });
});
