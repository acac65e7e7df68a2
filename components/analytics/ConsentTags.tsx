"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { consentAnsweredEvent } from "@/lib/analytics/consent-rules";
import type { ConsentPage } from "./consent-script";
import type { Tagged } from "./tags";

/**
 * GA4's and Meta's tags once the shopper accepted: their code (./tags.ts) downloads only then. The
 * banner itself needs no React (./consent-script.ts); this only listens for its answer.
 */
export function ConsentTags({ ga, pixel }: { ga: string | null; pixel: string | null }) {
  const path = usePathname();

  useEffect(() => {
    const page = window as ConsentPage;
    let stop: (() => void) | undefined;
    let state: "waiting" | "starting" | "stopped" = "waiting";
    const start = () => {
      if (state !== "waiting" || !page.ktConsent?.answer()?.accepted) return;
      state = "starting";
      void import("./tags").then(({ startTags }) => {
        if (state === "starting") stop = startTags({ ga, pixel });
      });
    };
    // A shop page reached from the back office without a reload: its inline script never ran.
    if (page.ktConsent) page.ktConsent.refresh();
    else void import("./consent-script").then(({ startConsent }) => (startConsent(), start()));
    start();
    addEventListener(consentAnsweredEvent, start);
    return () => {
      state = "stopped";
      removeEventListener(consentAnsweredEvent, start);
      stop?.();
    };
  }, [ga, pixel]);

  // Meta's page view on every later page (startTags counts the first); GA4 counts its own (gtag's history events).
  useEffect(() => {
    (window as Tagged).fbq?.("track", "PageView");
  }, [path]);

  return null;
}
