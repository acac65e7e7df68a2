import "server-only";
import type { Metadata } from "next";
import { notFoundMetadata } from "@/lib/seo";
import { findCurrentUser } from "./session";

/**
 * A back-office page's metadata: its title for staff, and for anyone else the metadata of every
 * 'Not Found', so a refused /admin URL looks exactly like an unknown one (the page's own checks
 * decide the answer; this only keeps the title from giving the back office away).
 */
export function backOfficeMetadata(title?: string): () => Promise<Metadata> {
  return async () => {
    const user = await findCurrentUser();
    // The layout adds nothing then, so the root's title template applies as on any 'Not Found'.
    if (!user || user.roles.length === 0) return title ? notFoundMetadata : {};
    return {
      ...(title ? { title } : { title: { default: "Back office", template: "%s | Back office" } }),
      robots: { index: false, follow: false },
    };
  };
}
