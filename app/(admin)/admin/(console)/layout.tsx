import type { ReactNode } from "react";
import { BackOfficeNav } from "@/components/admin/BackOfficeNav";
import { backOfficeSections } from "@/lib/admin/sections";
import { hasAnyRole } from "@/lib/auth/roles";
import { countUnreadNotifications } from "@/lib/notifications/notifications";
import { getDb } from "@/lib/server/database";
import { requireStaff } from "@/lib/server/session";

// Never cached: every request reads the session (the pages' own checks make that so; this says it).
export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const user = await requireStaff("/admin");
  // Only those who see Notifications get a count: marketing has no bell, so no query either.
  const seesNotifications = hasAnyRole(user.roles, backOfficeSections.notifications.roles);
  const unread = seesNotifications ? await countUnreadNotifications(await getDb(), user.id) : 0;
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <BackOfficeNav user={user} unread={unread} />
      <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
        {children}
      </main>
    </div>
  );
}
