import "server-only";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { notifications, type NotificationKind } from "@/lib/db/schema";

export type Notification = {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
};

/** How many of a user's notifications the bell lists. */
export const NOTIFICATION_LIST_LIMIT = 30;

/** The user's notifications, newest first. */
export async function listNotifications(db: Database, userId: string, limit = NOTIFICATION_LIST_LIMIT): Promise<Notification[]> {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** The bell's badge: the user's unread notifications. */
export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row.unread;
}

/** Marks all the user's notifications read (opening the list does this). */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Records a notification; called by the order code inside its transactions. */
export async function notify(
  db: Database,
  notification: { userId: string; kind: NotificationKind; title: string; body: string; link: string },
): Promise<void> {
  await db.insert(notifications).values(notification);
}
