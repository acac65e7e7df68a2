import "server-only";
import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { etimsDevices, invoices, orders } from "@/lib/db/schema";
import type { InvoiceKind, InvoiceReportState } from "@/lib/db/values";
import { retryMessage } from "@/lib/outbox/outbox";
import { taxSettings } from "@/lib/tax/settings";
import { nairobiDay } from "@/lib/time/nairobi";
import { invoiceReportKey, queueInvoiceReport } from "./issue";
import { cuInvoiceNumber, type EtimsSetupProblem } from "./labels";
import { REPORT_OVERDUE_MS, type InvoiceFilters } from "./staff-filters";

export const INVOICES_PER_PAGE = 25;

/** One invoice or credit note as the back office lists and exports it; amounts in cents. */
export type StaffInvoiceRow = {
  id: number;
  number: number;
  kind: InvoiceKind;
  /** A credit note's sale invoice number. */
  creditsNumber: number | null;
  issuedAt: Date;
  orderNumber: string;
  buyerPin: string | null;
  taxableCents: number;
  vatCents: number;
  totalCents: number;
  state: InvoiceReportState;
  /** What a printed eTIMS invoice calls the CU invoice number: the control unit's id and its receipt number. */
  cuInvoiceNumber: string | null;
  rejectionCode: string | null;
  rejectionMessage: string | null;
};

export type StaffInvoiceList = {
  rows: StaffInvoiceRow[];
  /** How many the filters select, over all pages. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
};

/**
 * One page of the invoices and credit notes the filters select, newest first, with how many there
 * are in all. `now` is when 'waiting over an hour' is measured from.
 */
export async function listInvoicesForStaff(db: Database, filters: InvoiceFilters, now = new Date()): Promise<StaffInvoiceList> {
  const where = filterCondition(filters, now);
  const pageOf = (page: number) => selectRows(db, where, INVOICES_PER_PAGE, (page - 1) * INVOICES_PER_PAGE);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(invoices).where(where),
    pageOf(filters.page),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / INVOICES_PER_PAGE));
  const strip = (page: Awaited<ReturnType<typeof pageOf>>) => page.map(({ cursor: _cursor, ...row }) => row);
  if (filters.page <= pageCount) return { rows: strip(rows), total, page: filters.page, pageCount };
  return { rows: strip(await pageOf(pageCount)), total, page: pageCount, pageCount };
}

/**
 * Every invoice the filters select (all pages), newest first, `batchSize` at a time, for the CSV
 * export to stream. Each batch starts after the last row of the one before, so invoices issued
 * meanwhile neither repeat nor shift rows.
 */
export async function* invoicesForExport(
  db: Database,
  filters: InvoiceFilters,
  now = new Date(),
  batchSize = 1000,
): AsyncGenerator<StaffInvoiceRow[]> {
  const where = filterCondition(filters, now);
  let after: { issuedAt: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${invoices.issuedAt}, ${invoices.id}) < (${after.issuedAt}::timestamptz, ${after.id})`
      : undefined;
    const batch = await selectRows(db, and(where, cursor), batchSize, 0);
    if (batch.length > 0) yield batch.map(({ cursor: _cursor, ...row }) => row);
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    after = { issuedAt: last.cursor, id: last.id };
  }
}

export type RetryResult = { ok: true; number: number } | { ok: false; reason: "unknown_invoice" | "not_rejected" };

/**
 * 'Retry' on a rejected invoice, once its cause is fixed: back to not reported, its rejection
 * cleared, and its report due again now, in one transaction. An invoice issued before eTIMS was
 * set up has no message yet: it is queued. Only a rejected invoice is retried (two clicks, one retry).
 */
export async function retryInvoiceReport(db: Database, invoiceId: number): Promise<RetryResult> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({ id: invoices.id, branchId: invoices.branchId, number: invoices.number, state: invoices.reportState })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for("update");
    if (!invoice) return { ok: false, reason: "unknown_invoice" } as const;
    if (invoice.state !== "rejected") return { ok: false, reason: "not_rejected" } as const;
    await tx
      .update(invoices)
      .set({ reportState: "pending", rejectionCode: null, rejectionMessage: null })
      .where(eq(invoices.id, invoice.id));
    if (!(await retryMessage(tx, invoiceReportKey(invoice)))) await queueInvoiceReport(tx, invoice);
    return { ok: true, number: invoice.number } as const;
  });
}

/** Why sales are not reaching KRA, or null when eTIMS is set up and this branch's device initialised. */
export async function findEtimsSetupProblem(db: Database): Promise<EtimsSetupProblem | null> {
  const { reportsToKra, branchId } = taxSettings();
  if (!reportsToKra) return "not_configured";
  const [device] = await db
    .select({ branchId: etimsDevices.branchId })
    .from(etimsDevices)
    .where(eq(etimsDevices.branchId, branchId));
  return device ? null : "device_not_initialised";
}

/**
 * What the dashboard warns about: invoices KRA refused, invoices waiting longer than they should, and
 * (`receiptsOnly`) that without the shop's KRA PIN its invoices are receipts.
 */
export type InvoiceAlerts = { receiptsOnly: boolean } & (
  { setupProblem: EtimsSetupProblem; anyInvoices: boolean } | { setupProblem: null; rejected: number; overdue: number }
);

/**
 * The invoice warnings at `now`. While eTIMS is not set up, every invoice waits: the one thing to
 * say is that (when there are invoices at all), not how many wait.
 */
export async function invoiceAlerts(db: Database, now = new Date()): Promise<InvoiceAlerts> {
  const setupProblem = await findEtimsSetupProblem(db);
  const receiptsOnly = taxSettings().kraPin === null;
  if (setupProblem) {
    const [any] = await db.select({ id: invoices.id }).from(invoices).limit(1);
    return { receiptsOnly, setupProblem, anyInvoices: any !== undefined };
  }
  const [counts] = await db
    .select({
      rejected: sql<number>`count(*) filter (where ${stateCondition("rejected", now)})`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${stateCondition("overdue", now)})`.mapWith(Number),
    })
    .from(invoices)
    .where(ne(invoices.reportState, "reported"));
  return { receiptsOnly, setupProblem: null, ...counts };
}

const original = alias(invoices, "original");

async function selectRows(db: Database, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      creditsNumber: original.number,
      issuedAt: invoices.issuedAt,
      // The exact timestamp (microseconds) for the export's cursor; a Date keeps milliseconds only.
      cursor: sql<string>`${invoices.issuedAt}::text`,
      orderNumber: orders.number,
      buyerPin: invoices.buyerPin,
      taxableCents: invoices.taxableCents,
      vatCents: invoices.vatCents,
      totalCents: invoices.totalCents,
      state: invoices.reportState,
      controlUnitId: invoices.controlUnitId,
      receiptNumber: invoices.receiptNumber,
      rejectionCode: invoices.rejectionCode,
      rejectionMessage: invoices.rejectionMessage,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(original, eq(original.id, invoices.originalInvoiceId))
    .where(where)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ controlUnitId, receiptNumber, ...row }) => ({
    ...row,
    cuInvoiceNumber: controlUnitId && cuInvoiceNumber(controlUnitId, receiptNumber),
  }));
}

function filterCondition(filters: InvoiceFilters, now: Date): SQL | undefined {
  return and(
    filters.state === "all" ? undefined : stateCondition(filters.state, now),
    filters.from ? gte(invoices.issuedAt, nairobiDay(filters.from).start) : undefined,
    filters.to ? lt(invoices.issuedAt, nairobiDay(filters.to).end) : undefined,
  );
}

/** A state at KRA; 'overdue' is not reported (waiting, never rejected) and issued over REPORT_OVERDUE_MS before `now`. */
function stateCondition(state: Exclude<InvoiceFilters["state"], "all">, now: Date): SQL {
  if (state !== "overdue") return eq(invoices.reportState, state);
  return and(eq(invoices.reportState, "pending"), lt(invoices.issuedAt, new Date(now.getTime() - REPORT_OVERDUE_MS)))!;
}
