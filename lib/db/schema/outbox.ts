import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { outboxKinds, type OutboxKind } from "../values";

/**
 * Messages to the outside world (e-mails, texts, tax reports), written in the same transaction as the change that
 * causes them and delivered afterwards by the outbox worker (lib/outbox). A message is never lost
 * with a crash, and its key makes writing it twice a no-op.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is about, unique: `order-placed:KT-…`. */
    key: text("key").notNull().unique(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Not before then: after a failure (backoff), or while a worker holds it (its lease). */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Written to the server log instead of sent: an e-mail while no SMTP server is set. */
    logged: boolean("logged").notNull().default(false),
    /** Given up: the sender said that sending again cannot succeed (PermanentFailure). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx")
      .on(t.availableAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    check("outbox_kind_known", sql`${t.kind} in (${sqlList(outboxKinds)})`),
  ],
);
