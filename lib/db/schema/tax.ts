import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders } from "./orders";
import { refunds } from "./refunds";
import { invoiceKinds, invoiceReportStates, taxTypes, type InvoiceKind, type InvoiceReportState, type TaxType } from "../values";

/** The last invoice number given out per eTIMS branch: one row, updated in the sale's transaction, keeps numbers gapless. */
export const invoiceCounters = pgTable("invoice_counters", {
  branchId: text("branch_id").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * Tax invoices and credit notes, amounts in cents (VAT needs them). Written once, in the transaction of
 * the event that makes the sale (paid, delivered) or the refund; never changed afterwards except for the
 * buyer's PIN before it is reported, and for its report to KRA's eTIMS (the control unit's answer, or
 * the rejection's code and message).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    branchId: text("branch_id").notNull(),
    /** eTIMS `invcNo`: numeric, gapless per branch, shared by sales and credit notes. */
    number: integer("number").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** A credit note's invoice (`orgInvcNo`). */
    originalInvoiceId: integer("original_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** The refund a credit note stands for. */
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    buyerName: text("buyer_name").notNull(),
    buyerPin: text("buyer_pin"),
    taxableCents: integer("taxable_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    reportState: text("report_state").$type<InvoiceReportState>().notNull().default("pending"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    /** The control unit's answer, stored exactly as eTIMS returned it. */
    controlUnitId: text("control_unit_id"),
    receiptNumber: integer("receipt_number"),
    totalReceiptNumber: integer("total_receipt_number"),
    internalData: text("internal_data"),
    receiptSignature: text("receipt_signature"),
    controlUnitTime: text("control_unit_time"),
    rejectionCode: text("rejection_code"),
    rejectionMessage: text("rejection_message"),
  },
  (t) => [
    uniqueIndex("invoices_branch_number_idx").on(t.branchId, t.number),
    // One invoice per sale, one credit note per refund.
    uniqueIndex("invoices_sale_order_idx")
      .on(t.orderId)
      .where(sql`${t.kind} = 'sale'`),
    uniqueIndex("invoices_refund_idx")
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index("invoices_issued_at_idx").on(t.issuedAt, t.id),
    index("invoices_unreported_idx")
      .on(t.issuedAt)
      .where(sql`${t.reportState} <> 'reported'`),
    check("invoices_kind_known", sql`${t.kind} in (${sqlList(invoiceKinds)})`),
    check("invoices_report_state_known", sql`${t.reportState} in (${sqlList(invoiceReportStates)})`),
    check("invoices_number_positive", sql`${t.number} > 0`),
    check("invoices_totals_sum", sql`${t.totalCents} = ${t.taxableCents} + ${t.vatCents}`),
    check(
      "invoices_credit_note_refers",
      sql`(${t.kind} = 'sale' and ${t.originalInvoiceId} is null) or (${t.kind} = 'credit_note' and ${t.originalInvoiceId} is not null)`,
    ),
  ],
);

/** An invoice's lines as reported (`itemList`): the goods, and delivery as a line of its own. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** `itemSeq`, from 1. */
    sequence: integer("sequence").notNull(),
    /** The shop's eTIMS item code (`itemCd`) and KRA's classification (`itemClsCd`). */
    itemCode: text("item_code").notNull(),
    itemClassCode: text("item_class_code").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    taxType: text("tax_type").$type<TaxType>().notNull(),
    taxableCents: integer("taxable_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [
    uniqueIndex("invoice_lines_sequence_idx").on(t.invoiceId, t.sequence),
    check("invoice_lines_tax_type_known", sql`${t.taxType} in (${sqlList(taxTypes)})`),
    check("invoice_lines_totals_sum", sql`${t.totalCents} = ${t.taxableCents} + ${t.vatCents}`),
  ],
);
