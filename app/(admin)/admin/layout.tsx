import type { Metadata } from "next";
import type { ReactNode } from "react";
import { staffRoles } from "@/lib/auth/roles";
import { requireRole } from "@/lib/server/session";

export const metadata: Metadata = {
  title: { default: "Back office", template: "%s | Back office" },
  robots: { index: false, follow: false },
};

/** The back office: staff only, never cached, without the shop's header and footer. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireRole("/admin", ...staffRoles);
  return <div className="min-h-screen bg-stone-50">{children}</div>;
}
