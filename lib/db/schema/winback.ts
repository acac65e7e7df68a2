import "server-only";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { carts } from "./cart";
import { variants } from "./catalog";
import {
  consentSources,
  contactChannels,
  reminderOutcomes,
  type ConsentSource,
  type ContactChannel,
  type ReminderOutcome,
} from "../values";

/**
 * Marketing consent (Data Protection Act 2019), one row per phone or e-mail address: how it is
 * reached, when and where consent was given, and when it was withdrawn. Order messages never read
 * it; every marketing message is checked against it when it is sent.
 */
export const marketingConsents = pgTable(
  "marketing_consents",
  {
    id: serial("id").primaryKey(),
    /** +2547XXXXXXXX, or an e-mail address in lower case. */
    contact: text("contact").notNull().unique(),
    channel: text("channel").$type<ContactChannel>().notNull(),
    source: text("source").$type<ConsentSource>().notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    check("marketing_consents_channel_known", sql`${t.channel} in (${sqlList(contactChannels)})`),
    check("marketing_consents_source_known", sql`${t.source} in (${sqlList(consentSources)})`),
  ],
);

/**
 * 'Tell me when it's back': a shopper's request for one sold-out variant. Sent once, oldest first,
 * when the variant's stock goes from 0 to more (lib/stock/back-in-stock.ts); a deleted variant's
 * requests go with it.
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    /** +2547XXXXXXXX, or an e-mail address in lower case. */
    contact: text("contact").notNull(),
    channel: text("channel").$type<ContactChannel>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its alert was queued (or it was dropped with its archived product): done. */
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    // One waiting request per contact and variant: asking twice changes nothing.
    uniqueIndex("back_in_stock_requests_waiting_idx")
      .on(t.variantId, t.contact)
      .where(sql`${t.doneAt} is null`),
    index("back_in_stock_requests_variant_idx").on(t.variantId, t.id),
    check("back_in_stock_requests_channel_known", sql`${t.channel} in (${sqlList(contactChannels)})`),
  ],
);

/**
 * An unfinished checkout, one per cart: the phone and e-mail address the shopper typed, saved as they
 * go (lib/winback/checkout-reminders.ts). ABANDONED_CHECKOUT_MINUTES after the last save without an
 * order it is claimed once (done_at) and gets at most one reminder. A cart deleted later (merged at
 * sign-in) leaves the row, which the dashboard counts orders won back by.
 */
export const checkoutReminders = pgTable(
  "checkout_reminders",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .unique()
      .references(() => carts.id, { onDelete: "set null" }),
    /** +2547XXXXXXXX, as typed at checkout. */
    phone: text("phone"),
    /** In lower case, as typed at checkout. */
    email: text("email"),
    /** The client address that last saved it: its reminders count against that address's daily limit. */
    clientAddress: text("client_address"),
    /** The cart's lines when the reminder was sent: all its link restores, whatever the cart holds later. */
    lines: jsonb("lines").$type<{ variantId: number; quantity: number }[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last time the shopper's details were saved: the reminder's clock starts here. */
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    outcome: text("outcome").$type<ReminderOutcome>(),
    /** The phone or e-mail address the reminder went to (outcome 'sent'). */
    sentTo: text("sent_to"),
  },
  (t) => [
    index("checkout_reminders_due_idx")
      .on(t.savedAt)
      .where(sql`${t.doneAt} is null`),
    index("checkout_reminders_sent_to_idx").on(t.sentTo, t.doneAt),
    check("checkout_reminders_outcome_known", sql`${t.outcome} in (${sqlList(reminderOutcomes)})`),
  ],
);
