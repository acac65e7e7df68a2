import "server-only";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { outboxSender } from "@/lib/dispatch/senders";
import { every } from "@/lib/repeat";
import { deliverDueMessages } from "@/lib/outbox/outbox";

/**
 * Delivers the outbox in the background of a server process, every OUTBOX_POLL_MS. Any number
 * of instances may run it: each message is claimed by one of them. Returns a function that stops it.
 */
export function startOutboxWorker(db: Database): () => Promise<void> {
  return every(env().OUTBOX_POLL_MS, "outbox", () => deliverDueMessages(db, outboxSender(db)));
}
