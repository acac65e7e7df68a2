"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import type { Notification } from "@/lib/notifications/notifications";

/** The bell's list: each notification links to what it is about; unread ones are marked new. */
export function NotificationList({ list, onFollow }: { list: Notification[]; onFollow: () => void }) {
  if (list.length === 0) return <p>No notifications yet. We will tell you here when your orders move.</p>;
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
