"use client";

import Link from "next/link";
import type { ComponentProps } from "react";

type NetworkInformation = { saveData?: boolean };

/** The browser asks to save data (the Save-Data header's setting); it cannot change while a page is open. */
const savesData =
  typeof navigator !== "undefined" &&
  (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData === true;

/**
 * The storefront's link: next/link, prefetched as it scrolls into view, except when the shopper's
 * browser asks to save data. Then nothing loads before a tap, and the tap still navigates
 * without a full page load. Prefetching changes no markup, so server and browser render alike.
 */
export function ShopLink({ prefetch, ...props }: ComponentProps<typeof Link>) {
  return <Link {...props} prefetch={savesData ? false : prefetch} />;
}
