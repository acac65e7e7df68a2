"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

type NetworkInformation = { saveData?: boolean };

/** The browser asks to save data (the Save-Data header's setting); it cannot change while a page is open. */
const savesData =
  typeof navigator !== "undefined" &&
  (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData === true;

type Props = Omit<ComponentProps<typeof Link>, "prefetch"> & {
  /** next/link's own settings, or "intent": only once a pointer, a finger or the focus is on the link. */
  prefetch?: ComponentProps<typeof Link>["prefetch"] | "intent";
};

/**
 * The storefront's link: next/link, prefetched as it scrolls into view (or, for a secondary link,
 * on intent), except when the shopper's browser asks to save data. Then nothing loads before a
 * tap, and the tap still navigates without a full page load. Prefetching changes no markup, so
 * server and browser render alike.
 */
export function ShopLink({ prefetch, onPointerEnter, onTouchStart, onFocus, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  const showIntent = <Event,>(handler?: (event: Event) => void) =>
    prefetch === "intent" && !intent
      ? (event: Event) => {
          setIntent(true);
          handler?.(event);
        }
      : handler;
  const wanted = prefetch === "intent" ? (intent ? null : false) : prefetch;
  return (
    <Link
      {...props}
      prefetch={savesData ? false : wanted}
      onPointerEnter={showIntent(onPointerEnter)}
      onTouchStart={showIntent(onTouchStart)}
      onFocus={showIntent(onFocus)}
    />
  );
}
