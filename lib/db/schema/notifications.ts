import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { user } from "./auth";
import { notificationKinds, type NotificationKind } from "../values";

/** What the header's bell lists for a signed-in shopper; unread while readAt is null. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check("notifications_kind_known", sql`${t.kind} in (${sqlList(notificationKinds)})`),
  ],
);

/** What each member of staff has chosen to hear of beyond the bell; no row means the defaults (no e-mails). */
export const staffAlertSettings = pgTable("staff_alert_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** An e-mail for every new order, on top of the bell. */
  newOrderEmails: boolean("new_order_emails").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
