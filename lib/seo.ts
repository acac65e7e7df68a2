import type { Metadata } from "next";
import { site } from "@/lib/site";

/** The default share image, rendered by app/opengraph-image.tsx. */
const shareImage = { url: "/opengraph-image", width: 1200, height: 630, alt: `${site.name}: ${site.tagline}` };

/** The Open Graph and Twitter fields every page shares. */
export const shareDefaults = {
  openGraph: { type: "website", siteName: site.name, locale: "en_KE", images: [shareImage] },
  twitter: { card: "summary_large_image", images: [shareImage] },
} as const satisfies Metadata;

/**
 * A page's own title, description, canonical URL and share tags. Next merges metadata shallowly,
 * so a page that set `openGraph` alone would drop the layout's defaults: every page goes through here.
 */
export function pageMetadata({ title, description, path }: { title?: string; description: string; path: string }): Metadata {
  const shareTitle = title ? `${title} | ${site.name}` : `${site.name}: ${site.tagline}`;
  return {
    ...(title ? { title } : {}),
    description,
    alternates: { canonical: path },
    openGraph: { ...shareDefaults.openGraph, title: shareTitle, description, url: path },
    twitter: { ...shareDefaults.twitter, title: shareTitle, description },
  };
}

/** Every 'Not Found' page's metadata, the back office's refusals included, so they all look alike. */
const notFoundTitle = "Not Found";

export const notFoundMetadata: Metadata = {
  title: notFoundTitle,
  description: "This page does not exist. Find hoodies, t-shirts and trash bags from the home page.",
  robots: { index: false },
};

/** The 404 for unmatched URLs renders without the root layout and its title template. */
export const globalNotFoundMetadata: Metadata = { ...notFoundMetadata, title: `${notFoundTitle} | ${site.name}` };
