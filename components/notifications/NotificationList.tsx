"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import type { Notification } from "@/lib/notifications/notifications";

/**
 * A list of notifications (the bell's, and the back office's): each links to what it is about;
 * unread ones are marked new. `empty` says what will show here.
 */
export function NotificationList({
  list,
  onFollow,
  empty = "No notifications yet. We will tell you here when your orders move.",
}: {
  list: Notification[];
  onFollow?: () => void;
  empty?: string;
}) {
  if (list.length === 0) return <p>{empty}</p>;
  return (
    <ul className="max-h-80 divide-y divide-stone-200 overflow-y-auto">
      {list.map((notification) => (
        <li key={notification.id} className="py-2">
          <ShopLink href={notification.link} onClick={onFollow} className="font-medium text-green-800 underline">
            {notification.title}
          </ShopLink>
          {notification.readAt === null && (
            <span className="ml-2 rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900">New</span>
          )}
          <p className="text-stone-700">{notification.body}</p>
          <p className="text-xs text-stone-600">{timeFormat.format(notification.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });
