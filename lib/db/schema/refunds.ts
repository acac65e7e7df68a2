import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders, payments } from "./orders";
import {
  refundChannels,
  refundReasons,
  refundStatuses,
  type RefundChannel,
  type RefundReason,
  type RefundStatus,
} from "../values";

/**
 * Money the shop owes back on an order, in whole KSh: due when the reason arises (a paid order
 * cancelled, a parcel returned, a return), recorded once staff sent it, by M-Pesa reversal (with its
 * reference) or cash, or requested of Pesapal (one per payment) and recorded once Pesapal approved it.
 * Revenue subtracts a refund on the day it is recorded.
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
    method: text("method").$type<RefundChannel>(),
    /** The M-Pesa reversal's reference, or the Pesapal payment's confirmation code; none for cash. */
    reference: text("reference"),
    /** Pesapal: the payment it goes back through (one refund per payment). */
    paymentId: integer("payment_id")
      .unique()
      .references(() => payments.id, { onDelete: "set null" }),
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
    check("refunds_method_known", sql`${t.method} is null or ${t.method} in (${sqlList(refundChannels)})`),
    // Recorded with how and when; M-Pesa and Pesapal with their reference, cash without one. Requested of Pesapal through a payment.
    check(
      "refunds_recorded_complete",
      sql`(${t.status} = 'due' and ${t.method} is null and ${t.recordedAt} is null)
        or (${t.status} = 'requested' and ${t.method} = 'pesapal' and ${t.paymentId} is not null and ${t.recordedAt} is null)
        or (${t.status} = 'recorded' and ${t.recordedAt} is not null and ${t.recordedBy} is not null
          and ((${t.method} in ('mpesa', 'pesapal') and ${t.reference} is not null) or (${t.method} = 'cash' and ${t.reference} is null)))`,
    ),
  ],
);
