"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  consentCookieMaxAge,
  consentCookieName,
  consentCookieValue,
  consentPath,
  consentWording,
  readConsentCookie,
} from "@/lib/analytics/consent-rules";
import { buttonStyles } from "@/components/ui/button-styles";
import type { Tagged, Tags } from "./tags";

/**
 * The cookie banner, and GA4's and Meta's tags once the shopper accepted (./tags.ts, downloaded only
 * then). The answer lives in a
 * first-party cookie that only this script reads, so every page is the same for everyone and stays
 * cached; nothing is asked of Google or Meta before 'Accept', nor after 'Reject'. The footer's
 * 'Cookie choices' link (#cookie-choices) asks again.
 */
export function ConsentBanner({ tags }: { tags: Tags }) {
  // The cookie's value: null while rendering on the server (not known: nothing shown), "" when never answered.
  const stored = useSyncExternalStore(subscribe, storedAnswer, () => null);
  const answered = stored === null ? undefined : readConsentCookie(stored);
  const [reopened, setReopened] = useState(false);
  const accepted = answered?.accepted === true;
  const banner = useRef<HTMLElement>(null);
  const path = usePathname();

  useEffect(() => {
    const reopen = (event: MouseEvent) => {
      if (!(event.target as Element).closest?.('a[href="#cookie-choices"]')) return;
      event.preventDefault();
      setReopened(true);
      requestAnimationFrame(() => banner.current?.focus());
    };
    document.addEventListener("click", reopen);
    return () => document.removeEventListener("click", reopen);
  }, []);

  // The tags' code downloads only once the shopper accepted.
  useEffect(() => {
    if (!accepted) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("./tags").then(({ startTags }) => {
      if (!unmounted) stop = startTags(tags);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [accepted, tags]);

  // Meta's page view on every later page (startTags counts the first); GA4 counts its own (gtag's history events).
  useEffect(() => {
    if (accepted) (window as Tagged).fbq?.("track", "PageView");
  }, [accepted, path]);

  async function answer(accept: boolean) {
    const withdrawn = accepted && !accept;
    setReopened(false);
    keepAnswer(accept, null);
    const response = await fetch(consentPath, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ choice: accept ? "accepted" : "rejected" }),
    }).catch(() => null);
    if (response?.ok) keepAnswer(accept, ((await response.json()) as { id: string }).id);
    // Withdrawn: the tags already running cannot be unloaded, so the page starts again without them.
    if (withdrawn) location.reload();
  }

  if (!reopened && answered !== null) return null;
  return (
    <>
      {/* Room below the footer, so that the page's end can scroll clear of the banner. */}
      <div className="h-36 sm:h-20" />
      <section
        ref={banner}
        tabIndex={-1}
        aria-label={consentWording.reopen}
        className="fixed inset-x-0 bottom-0 z-50 border-t border-stone-300 bg-white p-3 text-sm text-stone-900 shadow-lg"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
          <p className="min-w-60 flex-1">{consentWording.text}</p>
          <button type="button" onClick={() => answer(true)} className={buttonStyles.secondary}>
            {consentWording.accept}
          </button>
          <button type="button" onClick={() => answer(false)} className={buttonStyles.secondary}>
            {consentWording.reject}
          </button>
        </div>
      </section>
    </>
  );
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const storedAnswer = () => document.cookie.match(`(?:^|; )${consentCookieName}=([^;]*)`)?.[1] ?? "";

/** Keeps the answer in the cookie (with its record's id once stored), and tells the banner. */
function keepAnswer(accept: boolean, id: string | null) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${consentCookieName}=${consentCookieValue(accept, id)}; Path=/; Max-Age=${consentCookieMaxAge}; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}
