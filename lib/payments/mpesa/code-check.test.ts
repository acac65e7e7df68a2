import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { c2bPayments, mpesaCodeChecks, outbox, payments, refunds } from "@/lib/db/schema";
import { c2bMessages, codeCheckMessages } from "@/lib/orders/payment-copy";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder, testDelivery } from "@/lib/testing/fixtures";
import { testMpesaConfig as config } from "@/lib/testing/mpesa";
import { recordC2bPayment } from "./c2b";
import { parseC2bNotice } from "./c2b-parse";
import { readC2bRequest } from "./c2b-request";
import {
  askAboutCode,
  codeCheckSender,
  parseStatusResult,
  receiveC2bConfirmation,
  settleCodeCheck,
  type StatusResult,
} from "./code-check";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };
const phone = "254722333444";
let codes = 0;
const code = () => `TS${String(++codes).padStart(4, "0")}${Math.random().toString(36).slice(2, 6).toUpperCase()}`.padEnd(10, "X");
const mpesaOrder = (from = phone) =>
  placeGuestOrder(db, 1, { ...testDelivery, phone: `0${from.slice(3)}` }, { payment: { method: "mpesa", phone: from } });
const paidPayments = (orderId: number) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")));
const checkOf = async (transId: string) =>
  (await db.select().from(mpesaCodeChecks).where(eq(mpesaCodeChecks.transId, transId)))[0];

/** Asks about `transId` and returns its check's id. */
async function ask(transId: string, orderNumber = "") {
  expect(await askAboutCode(db, config, { code: transId.toLowerCase(), orderNumber, actor: staff })).toMatchObject({ ok: true });
  return (await checkOf(transId)).id;
}

/** M-Pesa's answer for a completed payment of `amount` with code `receipt` to the shop's Paybill. */
const completed = (receipt: string, amount: number, overrides: Partial<StatusResult> = {}): StatusResult => ({
  resultCode: "0",
  resultDesc: "The service request is processed successfully.",
  receipt,
  amount,
  status: "Completed",
  debitParty: `${phone} - Jane Doe`,
  creditParty: `${config.shortcode} - Kijani Threads`,
  reasonType: "Pay Bill Online",
  ...overrides,
});

describe("Daraja's Transaction Status result", () => {
  it("is read by name, the amount in whole shillings; anything else is not one", () => {
    const body = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        OriginatorConversationID: "10816-694520-2",
        ConversationID: "AG_20200927_00007cdb1f9fb6494315",
        TransactionID: "LXXXXXX1234",
        ResultParameters: {
          ResultParameter: [
            { Key: "DebitPartyName", Value: "254708374149 - John Doe" },
            { Key: "TransactionStatus", Value: "Completed" },
            { Key: "Amount", Value: "1500.00" },
            { Key: "ReceiptNo", Value: "OEI2AK4Q16" },
            { Key: "CreditPartyName", Value: "174379 - Kijani Threads" },
            { Key: "ReasonType", Value: "Pay Bill Online" },
            { Key: "FinalisedTime", Value: 20200927104950 },
          ],
        },
        ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "OEI2AK4Q16" } },
      },
    };
    expect(parseStatusResult(body)).toEqual({
      resultCode: "0",
      resultDesc: "The service request is processed successfully.",
      receipt: "OEI2AK4Q16",
      amount: 1500,
      status: "Completed",
      debitParty: "254708374149 - John Doe",
      creditParty: "174379 - Kijani Threads",
      reasonType: "Pay Bill Online",
    });
    expect(parseStatusResult({ Result: { ResultCode: "2001", ResultDesc: "Not found" } })).toMatchObject({
      resultCode: "2001",
      receipt: undefined,
    });
    expect(parseStatusResult({ Body: {} })).toBeNull();
    expect(parseStatusResult(null)).toBeNull();
  });
});

describe(`Checking a payment by its M-Pesa code (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("queues one question per code: a bad code or order number, a code recorded already or being checked, is refused", async () => {
    const order = await mpesaOrder();
    const transId = code();
    const [first, second] = await Promise.all([
      askAboutCode(db, config, { code: transId, orderNumber: order.number, actor: staff }),
      askAboutCode(db, config, { code: transId, orderNumber: order.number, actor: staff }),
    ]);
    expect([first, second].filter((answer) => answer.ok)).toHaveLength(1);
    expect([first, second].find((answer) => !answer.ok)).toEqual({
      ok: false,
      field: "code",
      error: codeCheckMessages.checking(transId),
    });
    const check = await checkOf(transId);
    expect(check).toMatchObject({ state: "pending", account: order.number, requestedBy: staff.label });
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.key, `code-check:${check.id}`)),
    ).toMatchObject([{ kind: "mpesa", payload: { checkId: check.id } }]);

    const refused = (input: { code: unknown; orderNumber?: unknown }, settings = config) =>
      askAboutCode(db, settings, { orderNumber: "", ...input, actor: staff });
    expect(await refused({ code: "no!" })).toEqual({ ok: false, field: "code", error: c2bMessages.unknownCode });
    expect(await refused({ code: code(), orderNumber: "KT-2222222" })).toMatchObject({ field: "orderNumber" });
    expect(await refused({ code: code(), orderNumber: "invoice 8" })).toMatchObject({ field: "orderNumber" });
    expect(await refused({ code: code() }, { ...config, initiator: null })).toMatchObject({ error: codeCheckMessages.notSetUp });
    const confirmed = code();
    await recordC2bPayment(db, config, {
      transId: confirmed,
      kind: "paybill",
      amount: 10,
      account: "",
      msisdn: "",
      payerName: "",
    });
    expect(await refused({ code: confirmed })).toMatchObject({ error: codeCheckMessages.recordedAlready(confirmed) });
    expect(await checkOf(confirmed)).toBeUndefined();
  });

  it("counts a completed payment to the shop once M-Pesa confirms it, by the same rules, once however often it answers", async () => {
    const order = await mpesaOrder();
    const transId = code();
    const checkId = await ask(transId, order.number.slice(3));
    const answers = await Promise.all([
      settleCodeCheck(db, config, checkId, completed(transId, order.total)),
      settleCodeCheck(db, config, checkId, completed(transId, order.total)),
    ]);
    expect(answers.sort()).toEqual(["paid", "unchanged"]);
    expect(await paidPayments(order.id)).toMatchObject([{ amount: order.total, providerReference: transId }]);
    expect(await checkOf(transId)).toMatchObject({ state: "counted", result: codeCheckMessages.counted(order.number) });
    expect(await settleCodeCheck(db, config, checkId, completed(transId, order.total))).toBe("unchanged");
    // The lost confirmation arrives after all: the code counts once.
    const late = { transId, kind: "paybill" as const, amount: order.total, account: order.number, msisdn: "", payerName: "" };
    expect(await recordC2bPayment(db, config, late)).toMatchObject({ outcome: "duplicate" });
    expect(await paidPayments(order.id)).toHaveLength(1);
  });

  it("counts nothing twice when the confirmation arrives while M-Pesa is being asked", async () => {
    const order = await mpesaOrder();
    const transId = code();
    const checkId = await ask(transId, order.number);
    const confirmation = {
      transId,
      kind: "paybill" as const,
      amount: order.total,
      account: order.number,
      msisdn: "",
      payerName: "",
    };
    expect(await recordC2bPayment(db, config, confirmation)).toMatchObject({ outcome: "paid" });
    expect(await settleCodeCheck(db, config, checkId, completed(transId, order.total))).toBe("duplicate");
    expect(await checkOf(transId)).toMatchObject({ state: "counted", result: codeCheckMessages.countedBefore });
    expect(await paidPayments(order.id)).toHaveLength(1);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it("matches a Till payment checked without an order number by the payer's phone and exact amount", async () => {
    const payer = "254722999333";
    const order = await mpesaOrder(payer);
    const transId = code();
    const checkId = await ask(transId);
    const till = completed(transId, order.total, { debitParty: `${payer} - Jane Doe`, reasonType: "Pay Merchant" });
    expect(await settleCodeCheck(db, config, checkId, till)).toBe("paid");
    expect((await db.select().from(c2bPayments).where(eq(c2bPayments.transId, transId)))[0]).toMatchObject({
      kind: "till",
      status: "applied",
      orderId: order.id,
      msisdn: payer,
      payerName: "Jane Doe",
    });
  });

  it("refuses, and counts nothing for, a code M-Pesa does not know, another payment's answer, one not completed or not to the shop", async () => {
    const order = await mpesaOrder();
    const ok = completed("", 0).resultDesc;
    const cases: [(transId: string) => StatusResult, string][] = [
      [
        (transId) => ({
          ...completed(transId, order.total),
          resultCode: "2001",
          resultDesc: "No such payment",
          receipt: undefined,
        }),
        codeCheckMessages.notFound("No such payment"),
      ],
      [() => completed(code(), order.total), codeCheckMessages.notFound(ok)],
      [(transId) => completed(transId, order.total, { status: "Reversed" }), codeCheckMessages.notCompleted("Reversed")],
      [(transId) => completed(transId, order.total, { creditParty: "600000 - Another Shop" }), codeCheckMessages.notToShop],
    ];
    for (const [result, words] of cases) {
      const transId = code();
      const checkId = await ask(transId, order.number);
      expect(await settleCodeCheck(db, config, checkId, result(transId))).toBe("refused");
      expect(await checkOf(transId)).toMatchObject({ state: "refused", result: words });
      expect(await db.select().from(c2bPayments).where(eq(c2bPayments.transId, transId))).toEqual([]);
      // Refused, the code can be checked again.
      expect(await askAboutCode(db, config, { code: transId, orderNumber: "", actor: staff })).toMatchObject({ ok: true });
    }
    expect(await paidPayments(order.id)).toEqual([]);
  });

  it("sends Daraja the Transaction Status query with the check's own result URL, retries a refusal, skips a settled check", async () => {
    const transId = code();
    const checkId = await ask(transId);
    const sent: Record<string, unknown>[] = [];
    let refuse = true;
    const fakeDaraja = (async (input: string, init?: RequestInit) => {
      if (String(input).includes("/oauth/")) return Response.json({ access_token: "test-token", expires_in: 3599 });
      sent.push(JSON.parse(String(init?.body)));
      return refuse
        ? Response.json({ errorCode: "500.002.1001", errorMessage: "Server error" }, { status: 500 })
        : Response.json({ OriginatorConversationID: "1", ConversationID: "AG_1", ResponseCode: "0" });
    }) as unknown as typeof fetch;
    const send = codeCheckSender(db, () => config, fakeDaraja);
    const message = { id: 1, kind: "mpesa" as const, key: `code-check:${checkId}`, payload: { checkId }, attempts: 1 };
    await expect(send(message)).rejects.toThrow("500.002.1001");
    refuse = false;
    expect(await send(message)).toBe("sent");
    const resultUrl = `${config.c2bUrls.statusResult}/${checkId}`;
    expect(sent[1]).toEqual({
      Initiator: "testapi",
      SecurityCredential: "encrypted-credential",
      CommandID: "TransactionStatusQuery",
      TransactionID: transId,
      PartyA: config.shortcode,
      IdentifierType: "4",
      ResultURL: resultUrl,
      QueueTimeOutURL: resultUrl,
      Remarks: "Payment check",
      Occasion: transId,
    });
    expect(resultUrl).not.toMatch(/m-?pesa|safaricom/i);
    await settleCodeCheck(db, config, checkId, completed(transId, 100));
    expect(await send(message)).toBe("sent");
    expect(sent).toHaveLength(2);
  });
});

describe(`C2B confirmations (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  const notice = (account: string, amount: number, shortcode = config.shortcode) => ({
    TransactionType: "Pay Bill",
    TransID: code(),
    TransAmount: `${amount}.00`,
    BusinessShortCode: shortcode,
    BillRefNumber: account,
    MSISDN: phone,
    FirstName: "Jane",
  });
  const post = (token: string, body: object) =>
    readC2bRequest(new Request("http://shop.test/", { method: "POST", body: JSON.stringify(body) }), token, config);

  it("take the C2B token only, and a payment to the shop's own Paybill or Till only", async () => {
    const withTill = { ...config, till: "5551234" };
    expect(config.c2bToken).not.toBe(config.callbackToken);
    expect(config.c2bUrls.confirmation).toContain(config.c2bToken);
    expect(config.callbackUrl).not.toContain(config.c2bToken);
    const refused = await post(config.callbackToken, notice("KT-2222222", 10));
    expect(refused.ok || refused.response.status).toBe(404);
    const elsewhere = await post(config.c2bToken, notice("KT-2222222", 10, "999999"));
    expect(elsewhere.ok || elsewhere.response.status).toBe(400);
    expect(await post(config.c2bToken, notice("KT-2222222", 10))).toMatchObject({ ok: true, body: { account: "KT-2222222" } });
    const till = readC2bRequest(
      new Request("http://shop.test/", { method: "POST", body: JSON.stringify(notice("", 10, "5551234")) }),
      config.c2bToken,
      withTill,
    );
    expect(await till).toMatchObject({ ok: true });
  });

  it("count only once the Transaction Status API confirms them, where the initiator is set up", async () => {
    const order = await mpesaOrder();
    const forged = { ...parseC2bNotice(notice(order.number, order.total))! };
    expect(await receiveC2bConfirmation(db, config, forged)).toEqual({ ok: true, outcome: "checking" });
    expect(await paidPayments(order.id)).toEqual([]);
    const check = await checkOf(forged.transId);
    expect(check).toMatchObject({ state: "pending", account: order.number, requestedBy: codeCheckMessages.byConfirmation });
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.key, `code-check:${check.id}`)),
    ).toHaveLength(1);
    // A confirmation of no real payment: M-Pesa knows no such code, and nothing counts.
    const notFound = { resultCode: "R000001", resultDesc: "The transaction could not be found." };
    expect(await settleCodeCheck(db, config, check.id, notFound)).toBe("refused");
    expect(await paidPayments(order.id)).toEqual([]);

    const real = parseC2bNotice(notice(order.number, order.total))!;
    await receiveC2bConfirmation(db, config, real);
    expect(await settleCodeCheck(db, config, (await checkOf(real.transId)).id, completed(real.transId, order.total))).toBe(
      "paid",
    );
    expect(await paidPayments(order.id)).toMatchObject([{ amount: order.total, providerReference: real.transId }]);

    // Without the initiator settings, a confirmation is recorded at once, as before.
    const next = await mpesaOrder();
    const direct = parseC2bNotice(notice(next.number, next.total))!;
    expect(await receiveC2bConfirmation(db, { ...config, initiator: null }, direct)).toMatchObject({ outcome: "paid" });
  });
});
