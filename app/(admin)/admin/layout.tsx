import type { ReactNode } from "react";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

/** A refused visitor's 404 must look like any other, down to its title; only staff see the back office's. */
export const generateMetadata = backOfficeMetadata();

/** The back office: no shop header or footer. Each page checks its own access (lib/server/session.ts). */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-stone-50 text-stone-900">{children}</div>;
}
