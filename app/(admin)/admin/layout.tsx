import type { Metadata } from "next";
import type { ReactNode } from "react";
import { notFoundMetadata } from "@/lib/seo";
import { getCurrentUser } from "@/lib/server/session";

/** A refused visitor's 404 must look like any other, down to its title; only staff see the back office's. */
export async function generateMetadata(): Promise<Metadata> {
  const user = await getCurrentUser();
  if (!user || user.roles.length === 0) return notFoundMetadata;
  return { title: { default: "Back office", template: "%s | Back office" }, robots: { index: false, follow: false } };
}

/** The back office: no shop header or footer. Each page checks its own access (lib/server/session.ts). */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-stone-50 text-stone-900">{children}</div>;
}
