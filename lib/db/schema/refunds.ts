import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders } from "./orders";
import { refundMethods, refundReasons, refundStatuses, type RefundMethod, type RefundReason, type RefundStatus } from "../values";

/**
 * Money the shop owes back on an order, in whole KSh: due when the reason arises (a paid order
 * cancelled, a parcel returned, a return), recorded once staff sent it, by M-Pesa reversal (with its
 * reference) or cash. Revenue subtracts a refund on the day it is recorded.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason").$type<RefundReason>().notNull(),
    /** The return it pays for (reason 'return'). */
    returnId: integer("return_id"),
    status: text("status").$type<RefundStatus>().notNull().default("due"),
    method: text("method").$type<RefundMethod>(),
    /** The M-Pesa reversal's reference; none for cash. */
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }),
    /** Who recorded it, as named then (a staff member's e-mail). */
    recordedBy: text("recorded_by"),
  },
  (t) => [
    index("refunds_order_id_idx").on(t.orderId),
    index("refunds_due_idx")
      .on(t.orderId)
      .where(sql`${t.status} = 'due'`),
    index("refunds_recorded_at_idx")
      .on(t.recordedAt)
      .where(sql`${t.status} = 'recorded'`),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_reason_known", sql`${t.reason} in (${sqlList(refundReasons)})`),
    check("refunds_status_known", sql`${t.status} in (${sqlList(refundStatuses)})`),
    check("refunds_method_known", sql`${t.method} is null or ${t.method} in (${sqlList(refundMethods)})`),
    // Recorded with how and when; M-Pesa with its reference, cash without one.
    check(
      "refunds_recorded_complete",
      sql`(${t.status} = 'due' and ${t.method} is null and ${t.recordedAt} is null)
        or (${t.status} = 'recorded' and ${t.recordedAt} is not null and ${t.recordedBy} is not null
          and ((${t.method} = 'mpesa' and ${t.reference} is not null) or (${t.method} = 'cash' and ${t.reference} is null)))`,
    ),
  ],
);
