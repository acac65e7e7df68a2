import "server-only";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders } from "./orders";
import { refunds } from "./refunds";
import { invoiceKinds, invoiceReportStates, type InvoiceKind, type InvoiceReportState, type TaxType } from "../values";

/** One line of an invoice as issued, in cents: never recomputed from the catalog. */
export type InvoiceLineRecord = {
  /** The order line sold (null for delivery), so that a return's credit note takes back the right one. */
  orderLineId: number | null;
  /** How eTIMS knows the item (lib/tax/items.ts). */
  itemCode: string;
  classCode: string;
  itemTypeCode: string;
  packagingUnitCode: string;
  quantityUnitCode: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  taxType: TaxType;
  /** What the buyer pays for the line, VAT included: quantity × unit price − discount. */
  totalCents: number;
  taxableCents: number;
  vatCents: number;
};

/** The last invoice number of each branch: numbers come from here, one at a time, so none is skipped. */
export const invoiceCounters = pgTable("invoice_counters", {
  branchId: text("branch_id").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/**
 * Tax invoices and credit notes, numbered per branch without gaps, issued in the transaction of the
 * event that makes the sale (paid by M-Pesa, or delivered and paid on delivery) or the refund. What
 * was sold is a snapshot; eTIMS's answer is stored once it reports the invoice.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    branchId: text("branch_id").notNull(),
    number: integer("number").notNull(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** A credit note's sale invoice and the refund it records. */
    originalInvoiceId: integer("original_invoice_id"),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    buyerName: text("buyer_name").notNull(),
    /** The buyer's KRA PIN, when they asked for it on the invoice. */
    buyerPin: text("buyer_pin"),
    /** eTIMS's payment type code: 01 cash, 06 mobile money. */
    paymentTypeCode: text("payment_type_code").notNull(),
    /** Whether the shop charged VAT when it issued this (VAT_REGISTERED). */
    vatCharged: boolean("vat_charged").notNull(),
    lines: jsonb("lines").$type<InvoiceLineRecord[]>().notNull(),
    taxableCents: integer("taxable_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The shop's address as it printed on the invoice when issued (the Shop details page may change it later). */
    sellerAddress: text("seller_address").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    reportState: text("report_state").$type<InvoiceReportState>().notNull().default("pending"),
    /** The control unit's answer, exactly as eTIMS returned it. */
    controlUnitId: text("control_unit_id"),
    receiptNumber: integer("receipt_number"),
    totalReceiptNumber: integer("total_receipt_number"),
    internalData: text("internal_data"),
    receiptSignature: text("receipt_signature"),
    controlUnitTime: text("control_unit_time"),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    /** The last rejection: eTIMS's result code and message. */
    rejectionCode: text("rejection_code"),
    rejectionMessage: text("rejection_message"),
  },
  (t) => [
    unique("invoices_branch_number_unique").on(t.branchId, t.number),
    // One sale invoice per order, one credit note per refund: an event replayed never issues twice.
    uniqueIndex("invoices_one_sale_per_order")
      .on(t.orderId)
      .where(sql`${t.kind} = 'sale'`),
    uniqueIndex("invoices_one_per_refund")
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    index("invoices_issued_at_idx").on(t.issuedAt, t.id),
    index("invoices_waiting_idx")
      .on(t.issuedAt)
      .where(sql`${t.reportState} <> 'reported'`),
    check("invoices_kind_known", sql`${t.kind} in (${sqlList(invoiceKinds)})`),
    check("invoices_report_state_known", sql`${t.reportState} in (${sqlList(invoiceReportStates)})`),
    check("invoices_number_positive", sql`${t.number} > 0`),
    check("invoices_totals_add_up", sql`${t.totalCents} = ${t.taxableCents} + ${t.vatCents}`),
    check(
      "invoices_credit_note_refers",
      sql`(${t.kind} = 'sale' and ${t.originalInvoiceId} is null) or (${t.kind} = 'credit_note' and ${t.originalInvoiceId} is not null)`,
    ),
  ],
);

/** Items registered with eTIMS (saveItem), as last sent: a new name, price or tax type registers again. */
export const etimsItems = pgTable("etims_items", {
  itemCode: text("item_code").primaryKey(),
  /** What was registered, to know when it changed. */
  fingerprint: text("fingerprint").notNull(),
  registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The eTIMS device of each branch, from `npm run etims -- init` (selectInitOsdcInfo). The
 * communication key is a secret: it is read only to sign calls, never shown or logged.
 */
export const etimsDevices = pgTable("etims_devices", {
  branchId: text("branch_id").primaryKey(),
  tin: text("tin").notNull(),
  deviceSerial: text("device_serial").notNull(),
  controlUnitId: text("control_unit_id").notNull(),
  communicationKey: text("communication_key").notNull(),
  initialisedAt: timestamp("initialised_at", { withTimezone: true }).notNull().defaultNow(),
});
