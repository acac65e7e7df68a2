import { site } from "@/lib/site";

/** A share target that works as a plain link, without JavaScript. */
export type ShareLink = { name: "WhatsApp" | "X" | "Facebook"; href: string };

/**
 * A page's share links. The shared URL is the page's canonical address on the shop's own origin,
 * built from its path alone: nothing of the visitor's cart, session or campaign goes with it.
 */
export function shareLinks(path: string, title: string): { url: string; links: ShareLink[] } {
  const url = canonicalUrl(path);
  const text = encodeURIComponent(title);
  const encodedUrl = encodeURIComponent(url);
  return {
    url,
    links: [
      { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
      { name: "X", href: `https://x.com/intent/post?text=${text}&url=${encodedUrl}` },
      { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    ],
  };
}

/** The shop's address of a path, without any query or fragment. */
export function canonicalUrl(path: string): string {
  return `${site.url}${new URL(path, site.url).pathname}`;
}
