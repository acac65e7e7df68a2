"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * What the share menu can do only with JavaScript: 'Copy link', and on phones (a coarse pointer
 * with the Web Share API) the system share sheet in place of the menu. Renders nothing before hydration.
 */
export function ShareEnhancer({ url, title }: { url: string; title: string }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [copied, setCopied] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const summary = anchor.current?.closest("details")?.querySelector("summary");
    if (!summary || !navigator.share || !matchMedia("(pointer: coarse)").matches) return;
    const openSheet = (event: Event) => {
      event.preventDefault();
      navigator.share({ title, url }).catch(() => {}); // Closing the sheet rejects: nothing to do.
    };
    summary.addEventListener("click", openSheet);
    return () => summary.removeEventListener("click", openSheet);
  }, [hydrated, title, url]);

  if (!hydrated) return null;
  return (
    <button
      ref={anchor}
      type="button"
      onClick={() =>
        navigator.clipboard.writeText(url).then(
          () => setCopied(true),
          () => {},
        )
      }
      className="block w-full rounded px-2 py-1.5 text-left hover:bg-stone-100"
    >
      <span aria-live="polite">{copied ? "Link copied" : "Copy link"}</span>
    </button>
  );
}
