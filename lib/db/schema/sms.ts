import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders } from "./orders";
import { smsPurposes, smsStates, type SmsPurpose, type SmsState } from "../values";

/**
 * Every text the shop meant to send (lib/sms), with what became of it: staff read it on the order's
 * page, and the per-phone throttle counts it. Its outbox message carries the sending.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: serial("id").primaryKey(),
    /** The outbox message's key: one text per event, however often the event is recorded. */
    key: text("key").notNull().unique(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** +2547XXXXXXXX */
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    state: text("state").$type<SmsState>().notNull().default("queued"),
    purpose: text("purpose").$type<SmsPurpose>().notNull().default("order"),
    /** Africa's Talking's id for it (ATXid_…), which its delivery reports name. */
    providerMessageId: text("provider_message_id").unique(),
    /** Why it failed or was throttled, in the gateway's words or the shop's. */
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the last delivery report arrived. */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
  },
  (t) => [
    index("sms_messages_phone_created_at_idx").on(t.phone, t.createdAt),
    index("sms_messages_order_id_idx").on(t.orderId),
    check("sms_messages_state_known", sql`${t.state} in (${sqlList(smsStates)})`),
    check("sms_messages_purpose_known", sql`${t.purpose} in (${sqlList(smsPurposes)})`),
    index("sms_messages_created_at_idx").on(t.createdAt),
  ],
);
