import type { Browser, Page } from "@playwright/test";

/** The storefront's own pages, each with its title (before the " | Kijani Threads" suffix) and its h1. */
export const storefrontPages = [
  { path: "/", title: "Kijani Threads: Stylish, sustainable clothing from Nairobi", heading: "The Glow-in-the-Dark Hoodie" },
  { path: "/about", title: "About Us | Kijani Threads", heading: "About Us" },
  { path: "/contact", title: "Contact Us | Kijani Threads", heading: "Contact Us" },
  { path: "/terms", title: "Terms and Conditions | Kijani Threads", heading: "Terms and Conditions" },
] as const;

/** A URL that no route answers, different on every call. */
export function unknownPath(): string {
  return `/no-such-page-${Math.random().toString(36).slice(2)}`;
}

/** A shopper's page in a browser of its own: no cookies, so a guest, whoever else the spec signed in. */
export async function shopperPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}
