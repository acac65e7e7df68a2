import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { theShop } from "@/lib/auth/actor";
import { formatKsh } from "@/lib/catalog/price";
import { addToCart, getCart } from "@/lib/cart/lines";
import { applyCartCode } from "@/lib/discounts/cart-code";
import { discountCodeSchema } from "@/lib/discounts/code-input";
import { createDiscountCode } from "@/lib/discounts/manage";
import type { PaymentChoice } from "@/lib/orders/payment-choice";
import type { Database } from "@/lib/db";
import { invoices, mpesaTokens, orderHistory, outbox, payments, refunds } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { limitMessages, orderLimits } from "@/lib/checkout/limits";
import { findOrderUnchecked } from "@/lib/orders/order-view";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { placeOrder } from "@/lib/orders/place-order";
import { mpesaMessages } from "@/lib/orders/payment-copy";
import { recordRefund } from "@/lib/payments/refunds";
import { paymentState } from "@/lib/payments/state";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, stockOf, testCategories } from "@/lib/testing/fixtures";
import { parseMpesaCallback, settleFromCallback, type MpesaCallback } from "./callback";
import { testMpesaConfig as config } from "@/lib/testing/mpesa";
import { accessToken } from "./daraja";
import { recordMpesaOutcome } from "./outcome";
import { newMpesaAttempt, switchToPayOnDelivery } from "./push";
import { expireUnpaidOrders } from "./reconciler";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };
const delivery = {
  fullName: "Otieno Ouma",
  phone: "0712345678",
  email: "otieno@example.com",
  county: "Nairobi City",
  town: "Nairobi",
  street: "Moi Avenue",
};

/** An M-Pesa order of one unit, with its attempt's id. */
async function mpesaOrder(stock = 5) {
  const buyer = guest();
  const { variantIds } = await createProduct(db, [{ price: 1000, stock }]);
  await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
  const placed = await placeOrder(db, {
    cartOwner: buyer,
    delivery,
    idempotencyKey: newIdempotencyKey(),
    payment: { method: "mpesa", phone: "254712345678" },
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  return { order: placed.order, paymentId: placed.order.payment.id, variantId: variantIds[0] };
}

const paid = (amount: number, receipt: string) => ({
  resultCode: 0,
  resultDesc: "The service request is processed successfully.",
  amount,
  receipt,
});
const receipt = () => `R${Math.random().toString(36).slice(2, 11).toUpperCase().padEnd(9, "X")}`;
const mailsAbout = async (number: string) =>
  db
    .select()
    .from(outbox)
    .where(like(outbox.key, `%:${number}%`));
/** A Daraja that hands out a token and answers every STK Query with `resultCode`. */
const darajaSays =
  (resultCode: number): typeof fetch =>
  async (input) =>
    String(input).includes("/oauth/")
      ? Response.json({ access_token: "test-token", expires_in: 3599 })
      : Response.json({ ResponseCode: "0", ResultCode: String(resultCode), ResultDesc: `Query says ${resultCode}` });
const paymentOf = async (id: number) => (await db.select().from(payments).where(eq(payments.id, id)))[0];
const refundsOf = (orderId: number) => db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

describe("the M-Pesa callback's body", () => {
  const success = {
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: "ws_CO_191220191020363925",
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
            { Name: "Balance" },
            { Name: "TransactionDate", Value: 20191219102115 },
            { Name: "PhoneNumber", Value: 254708374149 },
            { Name: "Amount", Value: 1 },
          ],
        },
      },
    },
  };

  it("reads the items by name, whatever their order", () => {
    expect(parseMpesaCallback(success)).toEqual({
      checkoutRequestId: "ws_CO_191220191020363925",
      resultCode: 0,
      resultDesc: "The service request is processed successfully.",
      amount: 1,
      receipt: "NLJ7RT61SV",
    });
  });

  it("reads a failure without metadata", () => {
    const cancelled = {
      Body: {
        stkCallback: {
          ...success.Body.stkCallback,
          ResultCode: 1032,
          ResultDesc: "Request cancelled by user",
          CallbackMetadata: undefined,
        },
      },
    };
    expect(parseMpesaCallback(cancelled)).toMatchObject({ resultCode: 1032 });
  });

  it.each([
    ["no body", null],
    ["a missing CheckoutRequestID", { Body: { stkCallback: { ...success.Body.stkCallback, CheckoutRequestID: undefined } } }],
    ["a ResultCode as a string", { Body: { stkCallback: { ...success.Body.stkCallback, ResultCode: "0" } } }],
    [
      "a success without a receipt",
      { Body: { stkCallback: { ...success.Body.stkCallback, CallbackMetadata: { Item: [{ Name: "Amount", Value: 1 }] } } } },
    ],
    [
      "an amount in words",
      {
        Body: {
          stkCallback: {
            ...success.Body.stkCallback,
            CallbackMetadata: {
              Item: [
                { Name: "Amount", Value: "one" },
                { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
              ],
            },
          },
        },
      },
    ],
  ])("refuses %s", (_case, body) => expect(parseMpesaCallback(body)).toBeNull());
});

describe(`M-Pesa payments (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("waits for the payment before confirming the order by e-mail, then sends it once", async () => {
    const { order, paymentId } = await mpesaOrder();
    expect(await mailsAbout(order.number)).toHaveLength(0);
    expect(await recordMpesaOutcome(db, paymentId, paid(order.total, receipt()), theShop)).toBe("paid");
    expect(await recordMpesaOutcome(db, paymentId, paid(order.total, receipt()), theShop)).toBe("unchanged");
    const mails = await mailsAbout(order.number);
    expect(mails.map((mail) => mail.key)).toEqual([`order-placed:${order.number}`]);
    expect(paymentState((await findOrderUnchecked(db, order.id))!)).toMatchObject({ kind: "paid", amount: order.total });
    // The payment is the sale: its tax invoice, paid by mobile money, once.
    const sales = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(sales).toMatchObject([{ kind: "sale", paymentTypeCode: "06", totalCents: order.total * 100 }]);
  });

  it("settles one payment once when the callback and the reconciler race", async () => {
    const { order, paymentId } = await mpesaOrder();
    const outcomes = await Promise.all([
      recordMpesaOutcome(db, paymentId, paid(order.total, receipt()), theShop),
      recordMpesaOutcome(db, paymentId, { resultCode: 0, resultDesc: "processed" }, theShop),
    ]);
    expect(outcomes.sort()).toEqual(["paid", "unchanged"]);
    expect(await mailsAbout(order.number)).toHaveLength(1);
  });

  it("shows a payment settled by the query alone as paid without a receipt, and fills it in when the callback comes", async () => {
    const { order, paymentId } = await mpesaOrder();
    await recordMpesaOutcome(db, paymentId, { resultCode: 0, resultDesc: "processed" }, theShop);
    expect(paymentState((await findOrderUnchecked(db, order.id))!)).toMatchObject({ kind: "paid", receipt: null });
    const late = receipt();
    await recordMpesaOutcome(db, paymentId, paid(order.total, late), theShop);
    expect((await paymentOf(paymentId)).providerReference).toBe(late);
  });

  it("counts a payment confirmed after the shop stopped waiting for it, flagging a refund when the shopper paid again", async () => {
    const { order, paymentId } = await mpesaOrder();
    await recordMpesaOutcome(db, paymentId, { resultCode: null, resultDesc: mpesaMessages.noAnswer }, theShop);
    const retry = await newMpesaAttempt(db, { orderId: order.id, phone: "0712345678" });
    if (!retry.ok) throw new Error(retry.error);
    expect(await recordMpesaOutcome(db, retry.paymentId, paid(order.total, receipt()), theShop)).toBe("paid");
    expect(await recordMpesaOutcome(db, paymentId, paid(order.total, receipt()), theShop)).toBe("refund_due");
    expect(await paymentOf(paymentId)).toMatchObject({ status: "paid" });
    expect(await refundsOf(order.id)).toMatchObject([{ amount: order.total, reason: "paid_twice", status: "due" }]);
    expect(await mailsAbout(order.number)).toHaveLength(1);
  });

  it("never marks an order paid when the amount differs, and shows the problem", async () => {
    const { order, paymentId } = await mpesaOrder();
    expect(await recordMpesaOutcome(db, paymentId, paid(order.total - 1, receipt()), theShop)).toBe("problem");
    expect(await paymentOf(paymentId)).toMatchObject({
      status: "failed",
      problem: mpesaMessages.amountMismatch(order.total - 1, order.total),
    });
    expect(await mailsAbout(order.number)).toHaveLength(0);
  });

  it("lets the STK Query decide a callback's payment, success and failure alike: a forged amount or result changes nothing", async () => {
    const pushed = async () => {
      const { order, paymentId } = await mpesaOrder();
      const checkoutRequestId = `ws_CO_${receipt()}`;
      await db.update(payments).set({ checkoutRequestId }).where(eq(payments.id, paymentId));
      return { order, paymentId, checkoutRequestId };
    };
    const forged = (checkoutRequestId: string, resultCode: number, amount?: number): MpesaCallback => ({
      checkoutRequestId,
      resultCode,
      resultDesc: "forged",
      ...(amount === undefined ? {} : { amount, receipt: receipt() }),
    });
    // Paid for real; the callback claims KSh 1: paid, and the forged receipt is not taken.
    const genuine = await pushed();
    const amountOne = forged(genuine.checkoutRequestId, 0, 1);
    expect(await settleFromCallback(db, config, amountOne, darajaSays(0))).toBe("paid");
    expect(await paymentOf(genuine.paymentId)).toMatchObject({ status: "paid", providerReference: null, problem: null });
    // Paid for real; the callback claims a failure: paid.
    const denied = await pushed();
    expect(await settleFromCallback(db, config, forged(denied.checkoutRequestId, 1032), darajaSays(0))).toBe("paid");
    // Not paid; the callback claims success for the right amount: failed.
    const unpaid = await pushed();
    const claim = forged(unpaid.checkoutRequestId, 0, unpaid.order.total);
    expect(await settleFromCallback(db, config, claim, darajaSays(1032))).toBe("failed");
    expect(await paymentOf(unpaid.paymentId)).toMatchObject({ status: "failed", providerReference: null });
    // The real callback, for the right amount, fills in the receipt of a payment the query confirms.
    const real = await pushed();
    const honest = forged(real.checkoutRequestId, 0, real.order.total);
    expect(await settleFromCallback(db, config, honest, darajaSays(0))).toBe("paid");
    expect((await paymentOf(real.paymentId)).providerReference).toBe(honest.receipt);
  });

  it("never accepts one receipt for two payments", async () => {
    const first = await mpesaOrder();
    const second = await mpesaOrder();
    const used = receipt();
    await recordMpesaOutcome(db, first.paymentId, paid(first.order.total, used), theShop);
    expect(await recordMpesaOutcome(db, second.paymentId, paid(second.order.total, used), theShop)).toBe("problem");
    expect(await paymentOf(second.paymentId)).toMatchObject({ status: "pending", problem: mpesaMessages.receiptReused(used) });
  });

  it("records each failure, allows a new attempt after it, and refuses one while a push is waiting", async () => {
    const { order, paymentId } = await mpesaOrder();
    await db
      .update(payments)
      .set({ checkoutRequestId: `ws_CO_${paymentId}_${Date.now()}` })
      .where(eq(payments.id, paymentId));
    expect((await newMpesaAttempt(db, { orderId: order.id, phone: "0712345678" })).ok).toBe(false);
    await recordMpesaOutcome(db, paymentId, { resultCode: 2001, resultDesc: "The initiator information is invalid." }, theShop);
    expect(paymentState((await findOrderUnchecked(db, order.id))!)).toEqual({
      kind: "failed",
      method: "mpesa",
      message: "The M-Pesa PIN was wrong.",
      phone: "254712345678",
    });
    expect(await newMpesaAttempt(db, { orderId: order.id, phone: "07 1234" })).toEqual({
      ok: false,
      error: mpesaMessages.phoneInvalid,
    });
    const retry = await newMpesaAttempt(db, { orderId: order.id, phone: "+254 711 000 111" });
    expect(retry.ok && (await paymentOf(retry.paymentId))).toMatchObject({
      method: "mpesa",
      status: "pending",
      phone: "254711000111",
    });
  });

  it("keeps staff from confirming an order awaiting M-Pesa, until it is paid or switched to pay on delivery", async () => {
    const { order } = await mpesaOrder();
    expect(await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staff })).toMatchObject({
      ok: false,
      reason: "awaiting_payment",
    });
    expect(await switchToPayOnDelivery(db, order.id)).toEqual({ ok: true });
    expect((await mailsAbout(order.number)).map((mail) => mail.key)).toEqual([`order-placed:${order.number}`]);
    expect((await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staff })).ok).toBe(true);
  });

  it("keeps a switch to pay on delivery within pay on delivery's limits", async () => {
    const { order } = await mpesaOrder();
    const limits = { ...orderLimits(), payOnDeliveryMaxTotal: order.total - 1 };
    expect(await switchToPayOnDelivery(db, order.id, { clientAddress: "192.0.2.44", limits })).toEqual({
      ok: false,
      error: limitMessages.payOnDeliveryTotal(order.total - 1),
    });
    expect((await findOrderUnchecked(db, order.id))!.payments.map((payment) => payment.method)).toEqual(["mpesa"]);
    const counted = { ...limits, payOnDeliveryMaxTotal: order.total, payOnDeliveryPerAddress: 1 };
    expect(await switchToPayOnDelivery(db, order.id, { clientAddress: "192.0.2.44", limits: counted })).toEqual({ ok: true });
    const next = await mpesaOrder();
    expect(await switchToPayOnDelivery(db, next.order.id, { clientAddress: "192.0.2.44", limits: counted })).toEqual({
      ok: false,
      error: limitMessages.payOnDeliveryCount,
    });
  });

  it("counts an M-Pesa payment that arrives after a switch to pay on delivery, and drops the cash owed", async () => {
    const { order, paymentId } = await mpesaOrder();
    await switchToPayOnDelivery(db, order.id);
    expect(await recordMpesaOutcome(db, paymentId, paid(order.total, receipt()), theShop)).toBe("paid");
    const view = (await findOrderUnchecked(db, order.id))!;
    expect(view.payments.map((payment) => [payment.method, payment.status])).toEqual([
      ["mpesa", "paid"],
      ["pay_on_delivery", "cancelled"],
    ]);
  });

  it("flags 'Refund due' for a paid order then cancelled, a payment after expiry, and a second payment; staff record the refund", async () => {
    const cancelled = await mpesaOrder();
    await recordMpesaOutcome(db, cancelled.paymentId, paid(cancelled.order.total, receipt()), theShop);
    await updateOrderStatus(db, { number: cancelled.order.number, status: "cancelled", note: "Customer asked", actor: staff });
    expect(await paymentOf(cancelled.paymentId)).toMatchObject({ status: "paid" });
    const [due] = await refundsOf(cancelled.order.id);
    expect(due).toMatchObject({ amount: cancelled.order.total, reason: "cancelled", status: "due" });

    const late = await mpesaOrder();
    await updateOrderStatus(db, { number: late.order.number, status: "cancelled", note: "Expired", actor: theShop });
    expect(await recordMpesaOutcome(db, late.paymentId, paid(late.order.total, receipt()), theShop)).toBe("refund_due");
    expect(await refundsOf(late.order.id)).toMatchObject([{ reason: "cancelled", status: "due" }]);

    const twice = await mpesaOrder();
    await recordMpesaOutcome(db, twice.paymentId, { resultCode: 1032, resultDesc: "Request cancelled by user" }, theShop);
    const retry = await newMpesaAttempt(db, { orderId: twice.order.id, phone: "0712345678" });
    if (!retry.ok) throw new Error(retry.error);
    await recordMpesaOutcome(db, retry.paymentId, paid(twice.order.total, receipt()), theShop);
    expect(await recordMpesaOutcome(db, twice.paymentId, { ...paid(twice.order.total, receipt()) }, theShop)).toBe("unchanged");
    const third = await newMpesaAttempt(db, { orderId: twice.order.id, phone: "0712345678" });
    expect(third.ok).toBe(false);

    expect(await refundsOf(twice.order.id)).toEqual([]);

    const record = (method: "mpesa" | "cash", reference: string | null) =>
      recordRefund(db, { refundId: due.id, method, reference, actor: staff });
    expect(await record("mpesa", "short")).toMatchObject({ ok: false, reason: "reference" });
    expect(await record("mpesa", null)).toMatchObject({ ok: false, reason: "reference" });
    expect(await record("mpesa", "qgh1ab2cd3")).toEqual({ ok: true });
    expect(await refundsOf(cancelled.order.id)).toMatchObject([
      { status: "recorded", method: "mpesa", reference: "QGH1AB2CD3", recordedBy: staff.label },
    ]);
    expect(await paymentOf(cancelled.paymentId)).toMatchObject({ status: "paid" });
    expect(await record("mpesa", "QGH1AB2CD3")).toMatchObject({ ok: false, reason: "not_due" });
    expect(await record("cash", null)).toMatchObject({ ok: false, reason: "not_due" });

    // The paid and cancelled order's sale is taken back whole by a credit note; the late payment sold nothing.
    const invoicesOf = (orderId: number) => db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
    const [sale, credit] = await invoicesOf(cancelled.order.id);
    expect(credit).toMatchObject({
      kind: "credit_note",
      originalInvoiceId: sale.id,
      totalCents: sale.totalCents,
      refundId: due.id,
    });
    expect(await invoicesOf(late.order.id)).toEqual([]);
  });

  it("records a refund paid in cash without a reference, once", async () => {
    const order = await mpesaOrder();
    await recordMpesaOutcome(db, order.paymentId, paid(order.order.total, receipt()), theShop);
    await updateOrderStatus(db, { number: order.order.number, status: "cancelled", note: "Customer asked", actor: staff });
    const [due] = await refundsOf(order.order.id);
    expect(await recordRefund(db, { refundId: due.id, method: "cash", reference: "IGNORED123", actor: staff })).toEqual({
      ok: true,
    });
    expect(await refundsOf(order.order.id)).toMatchObject([{ status: "recorded", method: "cash", reference: null }]);
    expect((await recordRefund(db, { refundId: due.id, method: "cash", reference: null, actor: staff })).ok).toBe(false);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `refund-recorded:${due.id}`));
    expect(mail.payload).toMatchObject({
      subject: `Your refund for order ${order.order.number}`,
      text: expect.stringContaining(`Refunded ${formatKsh(order.order.total)} in cash.`),
    });
  });

  it("cancels an order still unpaid after its window, puts its stock back and tells the shopper; paid and switched orders stay", async () => {
    const unpaid = await mpesaOrder(3);
    const paidOrder = await mpesaOrder();
    await recordMpesaOutcome(db, paidOrder.paymentId, paid(paidOrder.order.total, receipt()), theShop);
    const switched = await mpesaOrder();
    await switchToPayOnDelivery(db, switched.order.id);
    expect(await stockOf(db, unpaid.variantId)).toBe(2);

    const expired = await expireUnpaidOrders(db, { ...config, timers: { ...config.timers, windowMs: 0 } });
    expect(expired).toContain(unpaid.order.number);
    expect(expired).not.toContain(paidOrder.order.number);
    expect(expired).not.toContain(switched.order.number);
    expect(await stockOf(db, unpaid.variantId)).toBe(3);
    const subjects = (await mailsAbout(unpaid.order.number)).map((mail) => (mail.payload as { subject: string }).subject);
    expect(subjects).toEqual([`Your order ${unpaid.order.number} has been cancelled`]);
    const notes = await db
      .select({ note: orderHistory.note })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, unpaid.order.id));
    expect(notes.map((line) => line.note)).toContain("Not paid by M-Pesa within 0 minutes.");
  });
});

describe(`an unpaid order's short holds (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("cancels an order whose prompt was cancelled, or never accepted, after its short hold; an accepted prompt keeps the window", async () => {
    const cancelled = await mpesaOrder(3);
    await recordMpesaOutcome(db, cancelled.paymentId, { resultCode: 1032, resultDesc: "Request cancelled by user" }, theShop);
    const neverAccepted = await mpesaOrder();
    const accepted = await mpesaOrder();
    await db
      .update(payments)
      .set({ checkoutRequestId: `ws_CO_${receipt()}` })
      .where(eq(payments.id, accepted.paymentId));
    const numbers = [cancelled, neverAccepted, accepted].map((placed) => placed.order.number);

    // Within the short holds nothing ends.
    expect((await expireUnpaidOrders(db, config)).filter((number) => numbers.includes(number))).toEqual([]);
    const heldBriefly = { ...config, timers: { ...config.timers, promptHoldMs: 0, failedHoldMs: 0 } };
    const expired = await expireUnpaidOrders(db, heldBriefly);
    expect(expired).toEqual(expect.arrayContaining([cancelled.order.number, neverAccepted.order.number]));
    expect(expired).not.toContain(accepted.order.number);
    expect(await stockOf(db, cancelled.variantId)).toBe(3);
    expect((await findOrderUnchecked(db, accepted.order.id))!.status).toBe("placed");
  });

  it("frees a one-use discount code held by an unpaid order once the order's short hold ends", async () => {
    const code = `SQUAT${Date.now().toString(36)}`.toUpperCase();
    const parsed = discountCodeSchema(testCategories).parse({
      ...{ code, kind: "percent", value: "10", scope: "all", maxUses: "1" },
      ...{ startsAt: "2020-01-01T00:00", endsAt: "2099-01-01T00:00" },
    });
    expect((await createDiscountCode(db, parsed, staff)).ok).toBe(true);
    const { variantIds } = await createProduct(db, [{ price: 1000, stock: 5 }]);
    const withCode = async (payment: PaymentChoice) => {
      const owner = guest();
      await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
      const applied = await applyCartCode(db, owner, await getCart(db, owner), code);
      return applied.ok ? placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey(), payment }) : applied;
    };
    const squatter = await withCode({ method: "mpesa", phone: "254712345678" });
    if (!squatter.ok) throw new Error(JSON.stringify(squatter));
    const cancelled = { resultCode: 1032, resultDesc: "Request cancelled by user" };
    await recordMpesaOutcome(db, squatter.order.payment.id, cancelled, theShop);
    expect(await withCode({ method: "pay_on_delivery" })).toMatchObject({ ok: false });

    await expireUnpaidOrders(db, { ...config, timers: { ...config.timers, failedHoldMs: 0 } });
    expect(await withCode({ method: "pay_on_delivery" })).toMatchObject({ ok: true, order: { discount: { code, amount: 100 } } });
  });

  it("counts the hold after a failed prompt from the first failure, however often 'Try again' is pressed", async () => {
    const retried = await mpesaOrder();
    await recordMpesaOutcome(db, retried.paymentId, { resultCode: 1032, resultDesc: "Request cancelled by user" }, theShop);
    await db
      .update(payments)
      .set({ outcomeAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(payments.id, retried.paymentId));
    const again = await newMpesaAttempt(db, { orderId: retried.order.id, phone: "0712345678" });
    if (!again.ok) throw new Error(again.error);
    await db
      .update(payments)
      .set({ checkoutRequestId: `ws_CO_${receipt()}` })
      .where(eq(payments.id, again.paymentId));
    // Held while the new prompt is out; its failure ends the hold that began with the first (5 minutes).
    expect(await expireUnpaidOrders(db, config)).not.toContain(retried.order.number);
    await recordMpesaOutcome(db, again.paymentId, { resultCode: 1032, resultDesc: "Request cancelled by user" }, theShop);
    expect(await expireUnpaidOrders(db, config)).toContain(retried.order.number);
  });

  it("keeps an order whose failed prompt was followed by a new one that Daraja accepted", async () => {
    const retried = await mpesaOrder();
    await recordMpesaOutcome(db, retried.paymentId, { resultCode: 1, resultDesc: "Insufficient balance" }, theShop);
    const again = await newMpesaAttempt(db, { orderId: retried.order.id, phone: "0712345678" });
    if (!again.ok) throw new Error(again.error);
    await db
      .update(payments)
      .set({ checkoutRequestId: `ws_CO_${receipt()}` })
      .where(eq(payments.id, again.paymentId));
    const heldBriefly = { ...config, timers: { ...config.timers, promptHoldMs: 0, failedHoldMs: 0 } };
    expect(await expireUnpaidOrders(db, heldBriefly)).not.toContain(retried.order.number);
  });
});

describe(`Daraja's access token (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("is fetched once for concurrent callers and kept until shortly before it expires", async () => {
    await db.delete(mpesaTokens);
    let fetched = 0;
    const fakeDaraja = (async () => {
      fetched++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return Response.json({ access_token: `token-${fetched}`, expires_in: "3599" });
    }) as unknown as typeof fetch;
    const tokens = await Promise.all([1, 2, 3].map(() => accessToken(db, config, fakeDaraja)));
    expect(tokens.map((token) => token.ok && token.token)).toEqual(["token-1", "token-1", "token-1"]);
    expect(fetched).toBe(1);
    await db.update(mpesaTokens).set({ expiresAt: new Date(Date.now() + 30_000) });
    expect(await accessToken(db, config, fakeDaraja)).toEqual({ ok: true, token: "token-2" });
  });

  it("refuses wrong credentials without leaking them", async () => {
    await db.delete(mpesaTokens);
    const refusing = (async () =>
      Response.json(
        { errorCode: "400.008.01", errorMessage: "Invalid Authentication passed" },
        { status: 400 },
      )) as unknown as typeof fetch;
    const answer = await accessToken(db, config, refusing);
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).not.toContain(config.consumerSecret);
  });
});
