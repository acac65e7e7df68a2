import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { c2bPayments, mpesaCodeChecks, orders, payments } from "@/lib/db/schema";
import { c2bMessages, codeCheckMessages } from "@/lib/orders/payment-copy";
import { enqueue, PermanentFailure, type Sender } from "@/lib/outbox/outbox";
import { recordC2bPayment, type C2bRecorded } from "./c2b";
import { orderNumberOfAccount, typedMpesaCode, wholeShillings, type C2bNotice } from "./c2b-parse";
import { isShopShortcode, mpesaConfig, type MpesaConfig } from "./config";
import { daraja } from "./daraja";

// Reconciliation: staff add a payment whose confirmation was lost by its M-Pesa code, and (with the
// initiator settings) every confirmation is checked the same way. It counts only once Daraja's
// Transaction Status API confirms it (asked through the outbox, answered at the result URL), and then
// as a confirmation would: once per code, matched by the same rules.

export type CodeCheckAsked = { ok: true; message: string } | { ok: false; field: "code" | "orderNumber"; error: string };

/**
 * Staff ask M-Pesa about a code, with the order number they read beside it (optional). Refused when
 * the code is recorded already or being checked; else the check and its query are queued together.
 */
export async function askAboutCode(
  db: Database,
  config: MpesaConfig,
  input: { code: unknown; orderNumber: unknown; actor: Actor },
): Promise<CodeCheckAsked> {
  if (!config.initiator) return { ok: false, field: "code", error: codeCheckMessages.notSetUp };
  const code = typedMpesaCode.safeParse(input.code);
  if (!code.success) return { ok: false, field: "code", error: c2bMessages.unknownCode };
  const typed = typeof input.orderNumber === "string" ? input.orderNumber.trim() : "";
  const account = typed ? orderNumberOfAccount(typed) : "";
  if (account === null) return { ok: false, field: "orderNumber", error: c2bMessages.unknownOrder };
  const transId = code.data;
  return db.transaction(async (tx) => {
    if (account && (await tx.select({ id: orders.id }).from(orders).where(eq(orders.number, account))).length === 0) {
      return { ok: false as const, field: "orderNumber" as const, error: c2bMessages.unknownOrder };
    }
    if (await isRecorded(tx, transId))
      return { ok: false as const, field: "code" as const, error: codeCheckMessages.recordedAlready(transId) };
    if (!(await queueCheck(tx, { transId, account, requestedBy: input.actor.label })))
      return { ok: false as const, field: "code" as const, error: codeCheckMessages.checking(transId) };
    return { ok: true as const, message: codeCheckMessages.asked(transId) };
  });
}

/**
 * Daraja's confirmation of a Paybill/Till payment. Nothing but its URL's token vouches for it, so
 * where the initiator settings exist it counts only once the Transaction Status API confirms its code,
 * as a staff check does (its account kept from the confirmation); without them it is recorded at once.
 * A code recorded already (a prompt's receipt, a repeated confirmation) is recorded at once too: it
 * adds no money.
 */
export async function receiveC2bConfirmation(
  db: Database,
  config: MpesaConfig,
  notice: C2bNotice,
): Promise<C2bRecorded | { ok: true; outcome: "checking" }> {
  if (!config.initiator || (await isRecorded(db, notice.transId))) return recordC2bPayment(db, config, notice);
  await db.transaction((tx) =>
    queueCheck(tx, { transId: notice.transId, account: notice.account, requestedBy: codeCheckMessages.byConfirmation }),
  );
  return { ok: true, outcome: "checking" };
}

/** A pending check of a code and its Transaction Status query, queued together; false when that code is being checked already. */
async function queueCheck(tx: Database, check: { transId: string; account: string; requestedBy: string }): Promise<boolean> {
  const [queued] = await tx.insert(mpesaCodeChecks).values(check).onConflictDoNothing().returning({ id: mpesaCodeChecks.id });
  if (queued) await enqueue(tx, "mpesa", `code-check:${queued.id}`, { checkId: queued.id });
  return queued !== undefined;
}

/** Whether a code is the shop's already: a Paybill/Till payment, or a prompt's receipt. */
async function isRecorded(tx: Database, transId: string): Promise<boolean> {
  const [c2b] = await tx.select({ id: c2bPayments.id }).from(c2bPayments).where(eq(c2bPayments.transId, transId));
  const [prompt] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerReference, transId));
  return c2b !== undefined || prompt !== undefined;
}

const queuedCheck = z.object({ checkId: z.number().int().positive() });

/**
 * The outbox's sender of Transaction Status queries. Daraja only acknowledges; a refusal or an outage
 * is retried. Asking twice is harmless: the first answer settles the check, and later ones change nothing.
 */
export function codeCheckSender(db: Database, settings = mpesaConfig, fetchImpl: typeof fetch = fetch): Sender {
  return async (message) => {
    const payload = queuedCheck.safeParse(message.payload);
    if (!payload.success) throw new PermanentFailure("Not a code check.");
    const config = settings();
    if (!config) throw new Error("M-Pesa is not set up.");
    const [check] = await db
      .select()
      .from(mpesaCodeChecks)
      .where(and(eq(mpesaCodeChecks.id, payload.data.checkId), eq(mpesaCodeChecks.state, "pending")));
    if (!check) return "sent";
    const answer = await daraja(db, config, fetchImpl).transactionStatus(
      check.transId,
      `${config.c2bUrls.statusResult}/${check.id}`,
    );
    if (!answer.ok) throw new Error(`Transaction Status refused: ${answer.errorCode}`);
    return "sent";
  };
}

/** Daraja's answer to a Transaction Status query (or its queue timeout), parsed strictly. */
export type StatusResult = {
  resultCode: string;
  resultDesc: string;
  /** Read by name from ResultParameters; absent when M-Pesa found nothing. */
  receipt?: string;
  amount?: number;
  status?: string;
  /** '2547XXXXXXXX - Jane Doe' (the number whole or masked). */
  debitParty?: string;
  /** '174379 - Kijani Threads': who was paid. */
  creditParty?: string;
  reasonType?: string;
};

const parameter = z.object({ Key: z.string().max(100), Value: z.union([z.string().max(200), z.number()]).optional() });
const resultBody = z.object({
  Result: z.object({
    ResultCode: z.union([z.string().max(20), z.number()]),
    ResultDesc: z.string().max(500),
    ResultParameters: z.object({ ResultParameter: z.union([z.array(parameter).max(40), parameter]) }).optional(),
  }),
});

export function parseStatusResult(body: unknown): StatusResult | null {
  const parsed = resultBody.safeParse(body);
  if (!parsed.success) return null;
  const { ResultCode, ResultDesc, ResultParameters } = parsed.data.Result;
  const list = [ResultParameters?.ResultParameter ?? []].flat();
  const value = (key: string) => {
    const found = list.find((item) => item.Key === key)?.Value;
    return found === undefined ? undefined : String(found).trim();
  };
  const amount = value("Amount");
  return {
    resultCode: String(ResultCode),
    resultDesc: ResultDesc,
    receipt: value("ReceiptNo"),
    amount: amount === undefined ? undefined : (wholeShillings(amount) ?? undefined),
    status: value("TransactionStatus"),
    debitParty: value("DebitPartyName"),
    creditParty: value("CreditPartyName"),
    reasonType: value("ReasonType"),
  };
}

/** What a result did to its check: nothing (settled already, or no such check), refused, or counted. */
export type CodeCheckSettled = "unchanged" | "refused" | C2bRecorded["outcome"];

/**
 * Settles a pending check with M-Pesa's answer, once, in one transaction: a completed payment of that
 * code to the shop's Paybill or Till is recorded as a confirmation would be (recordC2bPayment: once
 * per code, so one already confirmed is not counted twice); anything else is refused, for staff to see.
 */
export async function settleCodeCheck(
  db: Database,
  config: MpesaConfig,
  checkId: number,
  result: StatusResult,
): Promise<CodeCheckSettled> {
  return db.transaction(async (tx) => {
    const [check] = await tx
      .select()
      .from(mpesaCodeChecks)
      .where(and(eq(mpesaCodeChecks.id, checkId), eq(mpesaCodeChecks.state, "pending")))
      .for("update");
    if (!check) return "unchanged";
    const settle = (state: "counted" | "refused", words: string) =>
      tx
        .update(mpesaCodeChecks)
        .set({ state, result: words, settledAt: sql`now()` })
        .where(eq(mpesaCodeChecks.id, check.id));

    const refusal = refusalOf(config, check.transId, result);
    if (refusal || result.amount === undefined) {
      await settle("refused", refusal ?? codeCheckMessages.notFound(result.resultDesc));
      return "refused";
    }
    const [number, ...name] = (result.debitParty ?? "").split(" - ");
    const recorded = await recordC2bPayment(tx, config, {
      transId: check.transId,
      kind: /goods|merchant|till/i.test(result.reasonType ?? "") ? "till" : "paybill",
      amount: result.amount,
      account: check.account,
      msisdn: number.trim(),
      payerName: name.join(" - ").trim(),
    });
    const words =
      recorded.outcome === "duplicate" ? codeCheckMessages.countedBefore : codeCheckMessages.counted(recorded.orderNumber);
    await settle("counted", words);
    return recorded.outcome;
  });
}

/** Why M-Pesa's answer does not count (in staff's words), or null when it is this code's payment to the shop. */
function refusalOf(config: MpesaConfig, transId: string, result: StatusResult): string | null {
  if (result.resultCode !== "0" || result.receipt !== transId) return codeCheckMessages.notFound(result.resultDesc);
  if (result.status !== "Completed") return codeCheckMessages.notCompleted(result.status ?? "");
  const paid = (result.creditParty ?? "").split(" - ")[0].trim();
  return isShopShortcode(config, paid) ? null : codeCheckMessages.notToShop;
}

/** The latest checks, newest first, for the payments page. */
export function listCodeChecks(db: Database, limit = 10) {
  return db
    .select({
      id: mpesaCodeChecks.id,
      transId: mpesaCodeChecks.transId,
      state: mpesaCodeChecks.state,
      result: mpesaCodeChecks.result,
      requestedBy: mpesaCodeChecks.requestedBy,
      createdAt: mpesaCodeChecks.createdAt,
    })
    .from(mpesaCodeChecks)
    .orderBy(desc(mpesaCodeChecks.id))
    .limit(limit);
}
