"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** The page's ?returnTo= (the server checks it), read in the browser so the page stays static. */
export function useReturnTo(): string {
  return useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(location.search).get("returnTo") ?? "",
    () => "",
  );
}
