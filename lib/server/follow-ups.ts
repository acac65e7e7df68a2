import "server-only";
import { after } from "next/server";
import type { FollowUps } from "@/lib/after-response";
import type { CacheTag } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import type { Env } from "@/lib/env";
import { outboxSender } from "@/lib/dispatch/senders";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { expireCacheTags } from "./cache-expiry";

/**
 * What a request does after changing something, by where the shop runs. A Node host's own process
 * listens for cache announcements and polls the outbox (lib/server/background.ts): nothing. On
 * Vercel no process does, and its cache is shared by every instance: the request expires the tags it
 * announced and delivers the outbox, so e-mails never wait for the daily cron.
 */
export function followUpsFor(platform: Env["platform"], db: Database): FollowUps | undefined {
  if (platform === "node") return undefined;
  return {
    afterResponse: after,
    // Only announceCacheChange asks, with its typed tags (lib/after-response.ts sits below lib/cache).
    expireTags: (tags) => expireCacheTags(tags as CacheTag[]),
    deliverOutbox: () => deliverDueMessages(db, outboxSender(db)),
  };
}
