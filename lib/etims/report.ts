import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { etimsDevices, etimsItems, invoices, orders } from "@/lib/db/schema";
import { PermanentFailure, type OutboxMessage } from "@/lib/outbox/outbox";
import { taxSettings } from "@/lib/tax/settings";
import { callEtims, etimsConfig, type EtimsAnswer, type EtimsConfig } from "./client";
import { itemFingerprint, itemPayload, salePayload } from "./payload";

// Reports an invoice to eTIMS, from the outbox: its items first (saveItem, once per change), then
// the invoice under its own number. A retry sends the same number; eTIMS refuses a number twice
// (994), so an invoice is never recorded at KRA twice, even after a crash between send and store.

/**
 * Result codes that say the invoice itself, or the shop's set-up, is wrong: sending the same again
 * cannot succeed. Staff see the code and message, fix the cause and retry. Any other code, known or
 * not, is treated as a failure to retry, never as success.
 */
const rejectionCodes = new Set(["900", "901", "910", "911", "912", "921", "922"]);
const duplicateCode = "994";

const receiptSchema = z.object({
  curRcptNo: z.coerce.number().int(),
  totRcptNo: z.coerce.number().int(),
  intrlData: z.string(),
  rcptSign: z.string(),
  sdcDateTime: z.string(),
});

/** The outbox's sender for `etims` messages. */
export function invoiceReporter(db: Database) {
  return async (message: OutboxMessage) => {
    const { invoiceId } = z.object({ invoiceId: z.number().int() }).parse(message.payload);
    await reportInvoice(db, invoiceId);
  };
}

export async function reportInvoice(db: Database, invoiceId: number): Promise<void> {
  const config = etimsConfig();
  if (!config) throw new Error("eTIMS is not set up (ETIMS_API_URL); the invoice waits");
  const [device] = await db.select().from(etimsDevices).where(eq(etimsDevices.branchId, config.branchId));
  if (!device) throw new Error("eTIMS's device is not initialised: run npm run etims -- init");
  const invoice = await loadInvoice(db, invoiceId);
  if (!invoice || invoice.reportState === "reported") return;

  const call = (method: string, body: object) => callEtims(config, method, body, device.communicationKey);
  for (const line of invoice.lines) {
    const rejected = await registerItem(db, call, line);
    if (rejected) return reject(db, invoice, rejected);
  }
  const { legalName } = taxSettings();
  // The address the invoice printed when issued, as the buyer's copy shows it.
  const answer = await call("saveTrnsSalesOsdc", salePayload(invoice, { legalName, address: invoice.sellerAddress }));
  if (answer.resultCd === "000") return storeReceipt(db, invoice, device.controlUnitId, answer, config);
  if (answer.resultCd === duplicateCode) return storeDuplicate(db, invoiceId, device.controlUnitId);
  if (rejectionCodes.has(answer.resultCd)) return reject(db, invoice, answer);
  throw new Error(`eTIMS answered ${answer.resultCd}: ${answer.resultMsg}`);
}

/** Registers a line's item unless eTIMS already has it as it is now. Returns eTIMS's rejection, if any. */
async function registerItem(
  db: Database,
  call: (method: string, body: object) => Promise<EtimsAnswer>,
  line: Parameters<typeof itemPayload>[0],
): Promise<EtimsAnswer | null> {
  const fingerprint = itemFingerprint(line);
  const [known] = await db.select().from(etimsItems).where(eq(etimsItems.itemCode, line.itemCode));
  if (known?.fingerprint === fingerprint) return null;
  const answer = await call("saveItem", itemPayload(line));
  if (rejectionCodes.has(answer.resultCd)) return answer;
  if (answer.resultCd !== "000") throw new Error(`eTIMS saveItem answered ${answer.resultCd}: ${answer.resultMsg}`);
  await db
    .insert(etimsItems)
    .values({ itemCode: line.itemCode, fingerprint })
    .onConflictDoUpdate({ target: etimsItems.itemCode, set: { fingerprint, registeredAt: sql`now()` } });
  return null;
}

const original = alias(invoices, "original");

async function loadInvoice(db: Database, invoiceId: number) {
  const [row] = await db
    .select({ invoice: invoices, orderNumber: orders.number, originalNumber: original.number })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(original, eq(original.id, invoices.originalInvoiceId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  return { ...row.invoice, orderNumber: row.orderNumber, originalNumber: row.originalNumber };
}

/**
 * The control unit's answer, stored once: an invoice already reported keeps its first answer. The
 * buyer's PIN is the one sent, should staff have changed it while the report was on its way.
 */
async function storeReceipt(
  db: Database,
  invoice: { id: number; buyerPin: string | null },
  controlUnitId: string,
  answer: EtimsAnswer,
  config: EtimsConfig,
) {
  const invoiceId = invoice.id;
  const receipt = receiptSchema.safeParse(answer.data);
  if (!receipt.success) throw new Error(`eTIMS accepted invoice ${invoiceId} on ${config.branchId} without a receipt`);
  await db
    .update(invoices)
    .set({
      reportState: "reported",
      buyerPin: invoice.buyerPin,
      controlUnitId,
      receiptNumber: receipt.data.curRcptNo,
      totalReceiptNumber: receipt.data.totRcptNo,
      internalData: receipt.data.intrlData,
      receiptSignature: receipt.data.rcptSign,
      controlUnitTime: receipt.data.sdcDateTime,
      reportedAt: sql`now()`,
      rejectionCode: null,
      rejectionMessage: null,
    })
    .where(sql`${invoices.id} = ${invoiceId} and ${invoices.reportState} <> 'reported'`);
}

/** eTIMS already holds this number (an earlier send whose answer was lost): reported, without its receipt. */
async function storeDuplicate(db: Database, invoiceId: number, controlUnitId: string) {
  await db
    .update(invoices)
    .set({ reportState: "reported", controlUnitId, reportedAt: sql`now()`, rejectionCode: null, rejectionMessage: null })
    .where(sql`${invoices.id} = ${invoiceId} and ${invoices.reportState} <> 'reported'`);
}

/**
 * Keeps eTIMS's refusal for staff and stops retrying. The invoice's items are registered again on the
 * retry, in case the refusal was about one of them (KRA not knowing an item the shop thought it had).
 */
async function reject(db: Database, invoice: { id: number; lines: { itemCode: string }[] }, answer: EtimsAnswer): Promise<never> {
  await db.transaction(async (tx) => {
    await tx
      .update(invoices)
      .set({ reportState: "rejected", rejectionCode: answer.resultCd, rejectionMessage: answer.resultMsg.slice(0, 500) })
      .where(eq(invoices.id, invoice.id));
    await tx.delete(etimsItems).where(
      inArray(
        etimsItems.itemCode,
        invoice.lines.map((line) => line.itemCode),
      ),
    );
  });
  throw new PermanentFailure(`eTIMS rejected invoice ${invoice.id}: ${answer.resultCd} ${answer.resultMsg}`);
}
