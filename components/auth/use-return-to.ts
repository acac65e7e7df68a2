"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** One of the page's query parameters, read in the browser so the page stays static (the server checks it). */
function useQueryParam(name: string): string {
  return useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(location.search).get(name) ?? "",
    () => "",
  );
}

/** The page's ?returnTo=. */
export const useReturnTo = () => useQueryParam("returnTo");

/** The sign-up page's ?invitation= (the token from a back-office invitation e-mail). */
export const useInvitation = () => useQueryParam("invitation");
