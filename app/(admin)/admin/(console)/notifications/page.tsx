import { NewOrderEmailsForm } from "@/components/admin/notifications/NewOrderEmailsForm";
import { NotificationList } from "@/components/notifications/NotificationList";
import { backOfficeSections } from "@/lib/admin/sections";
import { listNotifications, markAllNotificationsRead } from "@/lib/notifications/notifications";
import { wantsNewOrderEmails } from "@/lib/notifications/staff-alerts";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.notifications.label);

/** New and paid orders, newest first; opening the page reads them, as opening the shop's bell does. */
export default async function NotificationsPage() {
  const member = await requireRole(backOfficeSections.notifications);
  const db = await getDb();
  const [list, wanted] = await Promise.all([listNotifications(db, member.id), wantsNewOrderEmails(db, member.id)]);
  await markAllNotificationsRead(db, member.id);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Notifications</h1>
      <section aria-labelledby="list-title" className="space-y-3">
        <h2 id="list-title" className="text-lg font-semibold">
          Orders
        </h2>
        <NotificationList list={list} empty="No notifications yet. New and paid orders show here." />
      </section>
      <section aria-labelledby="emails-title" className="space-y-3">
        <h2 id="emails-title" className="text-lg font-semibold">
          New orders by e-mail
        </h2>
        <NewOrderEmailsForm wanted={wanted} />
      </section>
    </div>
  );
}
