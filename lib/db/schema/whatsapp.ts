import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { orders } from "./orders";
import { whatsappStates, type WhatsappState } from "../values";

/**
 * Every order update the shop meant to send on WhatsApp (lib/whatsapp), with what became of it:
 * staff read it on the order's page, the per-phone throttle counts it, and the fallback sends its
 * SMS once when it failed or was not delivered in time. Its outbox message carries the sending.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    /** The outbox message's key: one message per event, however often the event is recorded. */
    key: text("key").notNull().unique(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** +2547XXXXXXXX, as the order holds it (sent without its '+'). */
    phone: text("phone").notNull(),
    /** The approved template's name and its body's values, in order (lib/whatsapp/templates.ts). */
    template: text("template").notNull(),
    parameters: jsonb("parameters").$type<string[]>().notNull(),
    /** The SMS the shopper gets instead, should this fail. */
    fallbackText: text("fallback_text").notNull(),
    state: text("state").$type<WhatsappState>().notNull().default("queued"),
    /** Meta's id for it (wamid.…), which its status webhooks name. */
    providerMessageId: text("provider_message_id").unique(),
    /** Why it failed or was throttled, in Meta's words or the shop's. */
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When Meta says its current state was reached (the status event's own timestamp). */
    statusAt: timestamp("status_at", { withTimezone: true }),
    /** When its SMS was queued instead: set once, so the fallback never texts twice. */
    fallbackAt: timestamp("fallback_at", { withTimezone: true }),
  },
  (t) => [
    index("whatsapp_messages_phone_created_at_idx").on(t.phone, t.createdAt),
    index("whatsapp_messages_order_id_idx").on(t.orderId),
    index("whatsapp_messages_created_at_idx").on(t.createdAt),
    // The fallback's scan: only messages not yet delivered, read or replaced by SMS.
    index("whatsapp_messages_undelivered_idx")
      .on(t.createdAt)
      .where(sql`${t.fallbackAt} is null and ${t.state} in ('queued', 'sent', 'failed')`),
    check("whatsapp_messages_state_known", sql`${t.state} in (${sqlList(whatsappStates)})`),
  ],
);
