import type { Metadata } from "next";
import type { ReactNode } from "react";
import { staffRoles } from "@/lib/auth/roles";
import { notFoundMetadata } from "@/lib/seo";
import { getCurrentUser, requireRole } from "@/lib/server/session";

/** A refused visitor's 404 must look like any other, down to its title; only staff see the back office's. */
export async function generateMetadata(): Promise<Metadata> {
  const user = await getCurrentUser();
  if (!user || user.roles.length === 0) return notFoundMetadata;
  return { title: { default: "Back office", template: "%s | Back office" }, robots: { index: false, follow: false } };
}

/** The back office: staff only, never cached, without the shop's header and footer. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireRole("/admin", ...staffRoles);
  return <div className="min-h-screen bg-stone-50">{children}</div>;
}
