"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** While a payment is pending, re-reads the order page every `everyMs` (the server renders the news). */
export function RefreshWhilePending({ everyMs }: { everyMs: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
