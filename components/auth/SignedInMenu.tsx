"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { iconButtonClass } from "@/components/layout/icon-button";
import { signOut } from "./actions";

/** A signed-in shopper's initials, opening a small menu: their account, and signing out. */
export function SignedInMenu({ initials, firstName }: { initials: string; firstName: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLAnchorElement>(null);
  const listId = useId();

  // Opening moves focus into the menu; Escape and Tab out close it.
  useEffect(() => {
    if (open) firstItem.current?.focus();
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) close(true);
  };

  async function signOutAndReload() {
    await signOut();
    // A full load, not a client navigation: every island and server-rendered page forgets the shopper at once.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    location.assign("/");
  }

  return (
    <div
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={`${iconButtonClass} bg-green-900 text-sm font-bold text-white hover:bg-green-800`}
      >
        <span aria-hidden="true">{initials}</span>
        <span className="sr-only">Account</span>
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-48 rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200"
      >
        <p className="truncate px-4 py-2 text-sm text-stone-700">Hello, {firstName}</p>
        <ul>
          <li>
            <ShopLink
              ref={firstItem}
              href="/account"
              onClick={() => close(false)}
              className="block px-4 py-2 text-stone-900 hover:bg-green-50 focus-visible:bg-green-50"
            >
              My account
            </ShopLink>
          </li>
          <li>
            <form action={signOutAndReload}>
              <button
                type="submit"
                className="block w-full px-4 py-2 text-left text-stone-900 hover:bg-green-50 focus-visible:bg-green-50"
              >
                Sign out
              </button>
            </form>
          </li>
        </ul>
      </div>
    </div>
  );
}
