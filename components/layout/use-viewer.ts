"use client";

import { useSyncExternalStore } from "react";
import type { Viewer } from "@/lib/server/viewer";

// One request per page load, shared by every header island (account, cart, notifications).
let current: Viewer | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The current visitor, or null until /api/viewer has answered. */
export function useViewer(): Viewer | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Reloads the visitor after a change (sign-in, add to cart, notifications read). */
export function refreshViewer(): Promise<void> {
  loading = fetch("/api/viewer", { cache: "no-store" })
    .then((response) => (response.ok ? response.json() : current))
    .then((viewer: Viewer | null) => {
      current = viewer;
      listeners.forEach((listener) => listener());
    })
    .catch(() => {});
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!loading) void refreshViewer();
  return () => listeners.delete(listener);
}
