"use server";

import { findCurrentUser } from "@/lib/server/session";
import { getDb } from "@/lib/server/database";
import { listNotifications, markAllNotificationsRead, type Notification } from "@/lib/notifications/notifications";

/**
 * Opening the bell: the signed-in shopper's notifications as they were (unread ones still
 * unread, so the list can mark them new), then all of them marked read. Null when signed out.
 */
export async function openNotifications(): Promise<Notification[] | null> {
  const user = await findCurrentUser();
  if (!user) return null;
  const db = await getDb();
  const notifications = await listNotifications(db, user.id);
  await markAllNotificationsRead(db, user.id);
  return notifications;
}
