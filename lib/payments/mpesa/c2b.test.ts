import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { c2bPayments, invoices, notifications, orderHistory, orders, outbox, payments, refunds, user } from "@/lib/db/schema";
import { findOrderUnchecked } from "@/lib/orders/order-view";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { createUser, placeGuestOrder, testDelivery } from "@/lib/testing/fixtures";
import { testMpesaConfig as config } from "@/lib/testing/mpesa";
import { assignC2bPayment, c2bValidationAnswer, recordC2bPayment, refundUnmatchedC2b, validateC2bPayment } from "./c2b";
import { msisdnFits, orderNumberOfAccount, parseC2bNotice, type C2bNotice } from "./c2b-parse";
import { recordMpesaOutcome } from "./outcome";
import { expireUnpaidOrders } from "./reconciler";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };
const phone = "254712345678";
let codes = 0;
const code = () => `TK${String(++codes).padStart(4, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`.padEnd(10, "X");

const paybill = (account: string, amount: number): C2bNotice => ({
  transId: code(),
  kind: "paybill",
  amount,
  account,
  msisdn: "2547 ***** 678",
  payerName: "Otieno",
});
const tillFrom = (amount: number, msisdn: string): C2bNotice => ({ ...paybill("", amount), kind: "till", msisdn });

/** An order to be paid by M-Pesa whose prompt went nowhere, from `from`. */
const mpesaOrderFrom = (from: string) =>
  placeGuestOrder(db, 1, { ...testDelivery, phone: `0${from.slice(3)}` }, { payment: { method: "mpesa", phone: from } });
const mpesaOrder = () => mpesaOrderFrom(phone);
const view = async (orderId: number) => (await findOrderUnchecked(db, orderId))!;
const paidPayments = (orderId: number) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")));
const refundsOf = (orderId: number) => db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
const confirmationsOf = (number: string) =>
  db
    .select()
    .from(outbox)
    .where(like(outbox.key, `order-placed:${number}%`));
const c2bOf = async (transId: string) => (await db.select().from(c2bPayments).where(eq(c2bPayments.transId, transId)))[0];

describe("a C2B notice", () => {
  const body = {
    TransactionType: "Pay Bill",
    TransID: "RKTQDM7W6S",
    TransTime: "20191122063845",
    TransAmount: "1500.00",
    BusinessShortCode: "600638",
    BillRefNumber: " kt-7f3k9qm ",
    InvoiceNumber: "",
    OrgAccountBalance: "49197.00",
    ThirdPartyTransID: "",
    MSISDN: "2547 ***** 126",
    FirstName: "John",
    MiddleName: "",
    LastName: "Doe",
  };

  it("reads Daraja's body: the amount in whole shillings, the account as typed, the masked number", () => {
    expect(parseC2bNotice(body)).toEqual({
      transId: "RKTQDM7W6S",
      kind: "paybill",
      amount: 1500,
      account: "kt-7f3k9qm",
      msisdn: "2547 ***** 126",
      payerName: "John Doe",
      shortcode: "600638",
    });
    expect(parseC2bNotice({ ...body, TransactionType: "Buy Goods", BillRefNumber: "" })).toMatchObject({
      kind: "till",
      account: "",
    });
  });

  it.each([
    ["no body", null],
    ["cents", { ...body, TransAmount: "10.50" }],
    ["a zero amount", { ...body, TransAmount: "0" }],
    ["a code that is not M-Pesa's", { ...body, TransID: "x'; drop" }],
    ["no shortcode", { ...body, BusinessShortCode: undefined }],
  ])("refuses %s", (_case, value) => expect(parseC2bNotice(value)).toBeNull());

  it("names an order by its number without regard to case, spaces, dashes or the KT- prefix", () => {
    for (const account of ["KT-7F3K9QM", "kt-7f3k9qm", "kt 7f3k9qm", "7F3K9QM", " 7f3 k9qm", "KT7F3K9QM"])
      expect(orderNumberOfAccount(account)).toBe("KT-7F3K9QM");
    for (const account of ["", "KT-7F3K9Q", "KT-7F3K9QMM", "invoice008", "KT-0O1IL00"])
      expect(orderNumberOfAccount(account)).toBeNull();
  });

  it("fits the payer's number whole, hashed, or masked where its visible digits fit", () => {
    const hash = createHash("sha256").update(phone).digest("hex");
    for (const msisdn of [phone, hash, hash.toUpperCase(), "2547 ***** 678", "254712***678"])
      expect(msisdnFits(msisdn, phone)).toBe(true);
    for (const msisdn of ["254712345679", "2547 ***** 679", "25 ***** 678", "2547 *****", "", "*****"])
      expect(msisdnFits(msisdn, phone)).toBe(false);
  });
});

describe(`Paybill and Till payments (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("pays an order by Paybill with the same events as a prompt's payment, its account typed loosely", async () => {
    const order = await mpesaOrder();
    const account = order.number.toLowerCase().replace("kt-", " ");
    const recorded = await recordC2bPayment(db, config, paybill(account, order.total));
    expect(recorded).toEqual({ ok: true, outcome: "paid", orderNumber: order.number });
    expect(await paidPayments(order.id)).toMatchObject([{ method: "mpesa", amount: order.total }]);
    expect((await view(order.id)).status).toBe("placed");
    expect(await confirmationsOf(order.number)).toHaveLength(1);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toMatchObject([{ kind: "sale" }]);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("stores the same M-Pesa code once, even twice at the same moment, and pays once", async () => {
    const order = await mpesaOrder();
    const notice = paybill(order.number, order.total);
    const outcomes = await Promise.all([recordC2bPayment(db, config, notice), recordC2bPayment(db, config, notice)]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["duplicate", "paid"]);
    expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "duplicate" });
    expect(await db.select().from(c2bPayments).where(eq(c2bPayments.transId, notice.transId))).toHaveLength(1);
    expect(await paidPayments(order.id)).toHaveLength(1);
    expect(await confirmationsOf(order.number)).toHaveLength(1);
  });

  it("keeps an order unpaid after less than it owes, shows the part paid, and completes it with a second payment", async () => {
    const order = await mpesaOrder();
    const first = paybill(order.number, order.total - 300);
    expect(await recordC2bPayment(db, config, first)).toMatchObject({ outcome: "part_paid" });
    expect(await paidPayments(order.id)).toEqual([]);
    expect(await c2bOf(first.transId)).toMatchObject({ status: "held", orderId: order.id });
    expect((await view(order.id)).partPaid).toBe(order.total - 300);
    const notes = await db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(notes.at(-1)?.note).toContain(`code ${first.transId}; KSh 300 still owed`);
    expect(await confirmationsOf(order.number)).toHaveLength(0);

    const second = paybill(order.number, 300);
    expect(await recordC2bPayment(db, config, second)).toMatchObject({ outcome: "paid" });
    expect(await paidPayments(order.id)).toMatchObject([{ amount: order.total, providerReference: second.transId }]);
    for (const part of [first, second]) expect(await c2bOf(part.transId)).toMatchObject({ status: "applied" });
    expect((await view(order.id)).partPaid).toBe(0);
    expect(await confirmationsOf(order.number)).toHaveLength(1);
  });

  it("holds an order paid in part for a payment window from the part, then cancels it and owes the part back", async () => {
    const order = await mpesaOrder();
    const part = paybill(order.number, order.total - 300);
    await recordC2bPayment(db, config, part);
    const aWindow = { ...config, timers: { ...config.timers, windowMs: 60_000 } };
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    // The order's own window has ended, the part's has not.
    await db.update(orders).set({ createdAt: twoMinutesAgo }).where(eq(orders.id, order.id));
    expect(await expireUnpaidOrders(db, aWindow)).not.toContain(order.number);
    await db.update(c2bPayments).set({ receivedAt: twoMinutesAgo }).where(eq(c2bPayments.transId, part.transId));
    expect(await expireUnpaidOrders(db, aWindow)).toContain(order.number);
    expect(await refundsOf(order.id)).toMatchObject([{ amount: order.total - 300 }]);
  });

  it("never holds an order past its own window for parts below half its total, however often they come", async () => {
    const order = await mpesaOrder();
    const aWindow = { ...config, timers: { ...config.timers, windowMs: 60_000 } };
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db
      .update(orders)
      .set({ createdAt: ago(90_000) })
      .where(eq(orders.id, order.id));
    // A shilling every half window: each one fresh, none of them a real share.
    for (const sent of [80_000, 50_000, 20_000]) {
      const part = paybill(order.number, 1);
      await recordC2bPayment(db, config, part);
      await db
        .update(c2bPayments)
        .set({ receivedAt: ago(sent) })
        .where(eq(c2bPayments.transId, part.transId));
    }
    expect(await expireUnpaidOrders(db, aWindow)).toContain(order.number);
    expect(await refundsOf(order.id)).toMatchObject([{ amount: 3, reason: "cancelled" }]);
  });

  it("holds an order for a window from the part that reached half its total, not from smaller parts after it", async () => {
    const order = await mpesaOrder();
    const aWindow = { ...config, timers: { ...config.timers, windowMs: 60_000 } };
    const ago = (ms: number) => new Date(Date.now() - ms);
    const pay = async (amount: number, sent: number) => {
      const part = paybill(order.number, amount);
      await recordC2bPayment(db, config, part);
      await db
        .update(c2bPayments)
        .set({ receivedAt: ago(sent) })
        .where(eq(c2bPayments.transId, part.transId));
      return part.transId;
    };
    await db
      .update(orders)
      .set({ createdAt: ago(150_000) })
      .where(eq(orders.id, order.id));
    await pay(100, 140_000);
    const half = await pay(Math.ceil(order.total / 2) - 100, 30_000);
    // Half reached 30 s ago: held.
    expect(await expireUnpaidOrders(db, aWindow)).not.toContain(order.number);
    // A shilling now moves nothing; once the half's window has passed, the order goes.
    await pay(1, 0);
    await db
      .update(c2bPayments)
      .set({ receivedAt: ago(70_000) })
      .where(eq(c2bPayments.transId, half));
    expect(await expireUnpaidOrders(db, aWindow)).toContain(order.number);
  });

  it("owes back what was paid above the total, and all of a second payment for a paid order", async () => {
    const order = await mpesaOrder();
    expect(await recordC2bPayment(db, config, paybill(order.number, order.total + 250))).toMatchObject({ outcome: "overpaid" });
    expect(await refundsOf(order.id)).toMatchObject([{ amount: 250, reason: "overpaid", status: "due" }]);
    expect(await recordC2bPayment(db, config, paybill(order.number, 400))).toMatchObject({ outcome: "paid_twice" });
    expect(await refundsOf(order.id)).toMatchObject([{ amount: 250 }, { amount: 400, reason: "paid_twice" }]);
    expect(await confirmationsOf(order.number)).toHaveLength(1);
  });

  it("owes back all of a payment for an expired or cancelled order and alerts staff", async () => {
    const member = await createUser(db);
    await db.update(user).set({ role: "staff" }).where(eq(user.id, member));
    const order = await mpesaOrder();
    await updateOrderStatus(db, { number: order.number, status: "cancelled", note: "Not paid in time.", actor: theShop });
    expect(await recordC2bPayment(db, config, paybill(order.number, order.total))).toMatchObject({ outcome: "closed" });
    expect(await refundsOf(order.id)).toMatchObject([{ amount: order.total, reason: "cancelled", status: "due" }]);
    const bells = await db.select().from(notifications).where(eq(notifications.userId, member));
    expect(bells.map((bell) => bell.title)).toContain(`M-Pesa payment for closed order ${order.number}`);
    expect(await confirmationsOf(order.number)).toHaveLength(0);
  });

  it("gathers small repeated payments to a closed order into one refund due and one staff bell", async () => {
    const member = await createUser(db);
    await db.update(user).set({ role: "staff" }).where(eq(user.id, member));
    const order = await mpesaOrder();
    await updateOrderStatus(db, { number: order.number, status: "cancelled", note: "Not paid in time.", actor: theShop });
    // Where Safaricom calls validation, it refuses them outright.
    expect(await validateC2bPayment(db, paybill(order.number, 1))).toEqual({ accept: false });
    for (let paid = 0; paid < 5; paid++)
      expect(await recordC2bPayment(db, config, paybill(order.number, 1))).toMatchObject({ outcome: "closed" });
    expect(await refundsOf(order.id)).toMatchObject([{ amount: 5, reason: "cancelled", status: "due" }]);
    const bells = await db.select().from(notifications).where(eq(notifications.userId, member));
    expect(bells.filter((bell) => bell.title === `M-Pesa payment for closed order ${order.number}`)).toHaveLength(1);
  });

  it("owes back the parts an order held when it closes", async () => {
    const order = await mpesaOrder();
    await recordC2bPayment(db, config, paybill(order.number, 200));
    await recordC2bPayment(db, config, paybill(order.number, 100));
    await updateOrderStatus(db, { number: order.number, status: "cancelled", note: "Not paid in time.", actor: theShop });
    expect(await paidPayments(order.id)).toMatchObject([{ amount: 300 }]);
    expect(await refundsOf(order.id)).toMatchObject([{ amount: 300, reason: "cancelled" }]);
  });

  it("owes back the parts an order held when a prompt's payment pays it in full", async () => {
    const order = await mpesaOrder();
    await recordC2bPayment(db, config, paybill(order.number, 200));
    const prompt = { resultCode: 0, resultDesc: "ok", amount: order.total, receipt: code() };
    expect(await recordMpesaOutcome(db, order.payment.id, prompt, theShop)).toBe("paid");
    expect(await refundsOf(order.id)).toMatchObject([{ amount: 200, reason: "overpaid", status: "due" }]);
    expect((await view(order.id)).partPaid).toBe(0);
  });

  it("counts nothing twice when M-Pesa also reports a prompt's payment here", async () => {
    const order = await mpesaOrder();
    const notice = paybill(order.number, order.total);
    await recordMpesaOutcome(
      db,
      order.payment.id,
      { resultCode: 0, resultDesc: "ok", amount: order.total, receipt: notice.transId },
      theShop,
    );
    expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "duplicate" });
    expect(await paidPayments(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("counts a prompt's payment once when its Paybill confirmation comes first, with the prompt's receipt or without", async () => {
    for (const withReceipt of [true, false]) {
      const order = await mpesaOrder();
      const notice = paybill(order.number, order.total);
      expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "paid" });
      const prompt = { resultCode: 0, resultDesc: "ok", amount: order.total, receipt: withReceipt ? notice.transId : undefined };
      expect(await recordMpesaOutcome(db, order.payment.id, prompt, theShop)).toBe("unchanged");
      expect(await paidPayments(order.id)).toMatchObject([{ providerReference: notice.transId }]);
      expect(await refundsOf(order.id)).toEqual([]);
      expect(await confirmationsOf(order.number)).toHaveLength(1);
    }
  });

  it("counts a prompt's payment once when the query settled it without a receipt before its Paybill confirmation", async () => {
    const order = await mpesaOrder();
    expect(await recordMpesaOutcome(db, order.payment.id, { resultCode: 0, resultDesc: "ok" }, theShop)).toBe("paid");
    const notice = paybill(order.number, order.total);
    expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "duplicate" });
    expect(await paidPayments(order.id)).toMatchObject([{ id: order.payment.id, providerReference: notice.transId }]);
    expect(await c2bOf(notice.transId)).toMatchObject({ status: "applied", paymentId: order.payment.id });
    // The prompt's late callback, with the same receipt, changes nothing either.
    const late = { resultCode: 0, resultDesc: "ok", amount: order.total, receipt: notice.transId };
    expect(await recordMpesaOutcome(db, order.payment.id, late, theShop)).toBe("unchanged");
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("counts a Till prompt's payment once when its confirmation, naming no order, follows the query's settlement", async () => {
    const payer = "254733555901";
    const order = await mpesaOrderFrom(payer);
    await recordMpesaOutcome(db, order.payment.id, { resultCode: 0, resultDesc: "ok" }, theShop);
    const notice = tillFrom(order.total, "2547 ***** 901");
    expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "duplicate" });
    expect(await c2bOf(notice.transId)).toMatchObject({ status: "applied", paymentId: order.payment.id });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it("ties a Till confirmation to the prompt it reports before any open order that its masked number also fits", async () => {
    const paid = await mpesaOrderFrom("254733555675");
    const other = await mpesaOrderFrom("254744666675");
    expect(other.total).toBe(paid.total);
    await recordMpesaOutcome(db, paid.payment.id, { resultCode: 0, resultDesc: "ok" }, theShop);
    const notice = tillFrom(paid.total, "2547 ***** 675");
    expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "duplicate" });
    expect(await c2bOf(notice.transId)).toMatchObject({ status: "applied", paymentId: paid.payment.id });
    expect(await paidPayments(other.id)).toEqual([]);
  });

  it("still owes back a second Paybill payment from another phone for an order a prompt paid", async () => {
    const order = await mpesaOrder();
    await recordMpesaOutcome(db, order.payment.id, { resultCode: 0, resultDesc: "ok" }, theShop);
    const other = { ...paybill(order.number, order.total), msisdn: "2547 ***** 999" };
    expect(await recordC2bPayment(db, config, other)).toMatchObject({ outcome: "paid_twice" });
    expect(await refundsOf(order.id)).toMatchObject([{ amount: order.total, reason: "paid_twice" }]);
  });

  it("matches a Till payment by the payer's phone and the exact amount of one open order, else leaves it unmatched", async () => {
    // A phone of its own: the other tests' open orders are not this payer's.
    const payer = "254733444678";
    const till = (amount: number, msisdn = payer) => tillFrom(amount, msisdn);
    const mpesaOrder = () => mpesaOrderFrom(payer);
    const order = await mpesaOrder();
    expect(await recordC2bPayment(db, config, till(order.total + 1))).toMatchObject({ outcome: "unmatched" });
    expect(await recordC2bPayment(db, config, till(order.total, "254799999999"))).toMatchObject({ outcome: "unmatched" });
    // A masked number alone never picks an open order: staff match it.
    expect(await recordC2bPayment(db, config, till(order.total, "254733***678"))).toMatchObject({ outcome: "unmatched" });
    expect(await recordC2bPayment(db, config, till(order.total))).toMatchObject({
      outcome: "paid",
      orderNumber: order.number,
    });
    // Two open orders of the same phone and amount: not certain enough.
    const [a, b] = [await mpesaOrder(), await mpesaOrder()];
    expect(a.total).toBe(b.total);
    expect(await recordC2bPayment(db, config, till(a.total))).toMatchObject({ outcome: "unmatched" });
    expect(await paidPayments(a.id)).toEqual([]);
  });

  it("keeps a payment that names no order for staff, who assign it (the rules then apply) or record its refund", async () => {
    const order = await mpesaOrder();
    const lost = paybill("invoice008", order.total);
    const other = paybill("KT-2222222", 500);
    for (const notice of [lost, other])
      expect(await recordC2bPayment(db, config, notice)).toMatchObject({ outcome: "unmatched" });
    const [stored, second] = [await c2bOf(lost.transId), await c2bOf(other.transId)];

    expect(await assignC2bPayment(db, { c2bId: stored.id, orderNumber: "KT-2222222", actor: staff })).toEqual({
      ok: false,
      error: "There is no order with that number.",
    });
    expect(await assignC2bPayment(db, { c2bId: stored.id, orderNumber: order.number.toLowerCase(), actor: staff })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await paidPayments(order.id)).toMatchObject([{ amount: order.total }]);
    expect(await c2bOf(lost.transId)).toMatchObject({ status: "applied", resolvedBy: staff.label });
    expect(await assignC2bPayment(db, { c2bId: stored.id, orderNumber: order.number, actor: staff })).toMatchObject({
      ok: false,
    });

    expect(await refundUnmatchedC2b(db, { c2bId: second.id, reference: "bad", actor: staff })).toMatchObject({ ok: false });
    expect(await refundUnmatchedC2b(db, { c2bId: second.id, reference: "rev12345ab", actor: staff })).toMatchObject({ ok: true });
    expect(await c2bOf(other.transId)).toMatchObject({ status: "refunded", refundReference: "REV12345AB" });
    expect(await refundUnmatchedC2b(db, { c2bId: second.id, reference: "REV12345AB", actor: staff })).toMatchObject({
      ok: false,
    });
  });

  it("validates: refuses an account that names no open order with Daraja's invalid-account code, accepts the rest", async () => {
    const order = await mpesaOrder();
    expect(await validateC2bPayment(db, paybill(order.number, 1))).toEqual({ accept: true });
    expect(await validateC2bPayment(db, tillFrom(1, phone))).toEqual({ accept: true });
    expect(await validateC2bPayment(db, paybill("KT-2222222", 1))).toEqual({ accept: false });
    expect(await validateC2bPayment(db, paybill("invoice008", 1))).toEqual({ accept: false });
    await recordC2bPayment(db, config, paybill(order.number, order.total));
    expect(await validateC2bPayment(db, paybill(order.number, 1))).toEqual({ accept: false });
    expect(c2bValidationAnswer(false)).toEqual({ ResultCode: "C2B00012", ResultDesc: "Rejected" });
  });
});
