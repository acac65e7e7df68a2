"use client";

import { ShopLink } from "@/components/ui/ShopLink";
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CountBadge } from "@/components/layout/CountBadge";
import { iconButtonClass } from "@/components/layout/icon-button";
import { refreshViewer, useViewer } from "@/components/layout/use-viewer";
import type { Notification } from "@/lib/notifications/notifications";
import { openNotifications } from "./actions";

/**
 * The header's bell: a badge with the unread count, opening a list of the shopper's
 * notifications (which marks them read); signed out, the list invites them to sign in. The header
 * passes the icon.
 */
export function NotificationBell({ icon }: { icon: ReactNode }) {
  const viewer = useViewer();
  const unread = viewer?.unreadCount ?? 0;
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Notification[] | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  async function toggle() {
    setOpen(!open);
    // Still loading the visitor counts as signed in: the server answers null for a guest anyway,
    // and a shopper who opens the bell right after a page load still gets their list.
    if (open || viewer?.user === null) return;
    setList(null);
    void loadList();
    setList((await openNotifications()) ?? []);
    void refreshViewer();
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) close();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={unread === 0 ? "Notifications" : `Notifications, ${unread} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={`relative ${iconButtonClass}`}
      >
        {icon}
        <CountBadge count={unread} colour="bg-red-700" testId="notification-count" />
      </button>
      <div
        ref={panel}
        id={panelId}
        role="region"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-md bg-white p-3 text-sm text-stone-900 shadow-lg ring-1 ring-stone-200 focus:outline-none"
      >
        {/* Only while open: closed, it would be every page's first heading, before the page's h1. */}
        {open && (
          <h2 id={titleId} className="mb-2 font-semibold">
            Notifications
          </h2>
        )}
        {!viewer?.user ? (
          <p>
            <ShopLink href="/login" className="font-medium text-green-800 underline">
              Sign in
            </ShopLink>{" "}
            to see updates about your orders.
          </p>
        ) : list === null ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <NotificationList list={list} onFollow={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

const loading = <p role="status">Loading…</p>;

// Downloaded on the first opening, alongside the notifications themselves: guests never need it.
const loadList = () => import("./NotificationList");
const NotificationList = lazy(() => loadList().then(({ NotificationList }) => ({ default: NotificationList })));
