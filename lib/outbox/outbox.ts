import "server-only";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { afterResponse } from "@/lib/after-response";
import type { Database } from "@/lib/db";
import { outbox } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { OutboxKind } from "@/lib/db/values";
import type { Mail } from "@/lib/mail";

/**
 * Queues a message in the caller's transaction. The key names what it is about (one e-mail per
 * order event): queuing the same key again changes nothing, so a retried change never sends twice.
 * Where no worker polls the outbox (Vercel), the request delivers it once it has answered.
 */
export async function enqueue(tx: Database, kind: OutboxKind, key: string, payload: unknown): Promise<void> {
  await tx.insert(outbox).values({ key, kind, payload }).onConflictDoNothing({ target: outbox.key });
  afterResponse((followUps) => followUps.deliverOutbox());
}

export async function enqueueMail(tx: Database, key: string, mail: Mail): Promise<void> {
  await enqueue(tx, "email", key, mail);
}

/** One claimed message, as a sender gets it. */
export type OutboxMessage = { id: number; kind: OutboxKind; key: string; payload: unknown; attempts: number };

/**
 * Sends one message; throws to retry it later, or throws a PermanentFailure to stop retrying.
 * "logged": it was written to the server log instead (an e-mail while no SMTP server is set).
 */
export type Sender = (message: OutboxMessage) => Promise<void | "sent" | "logged">;

/**
 * Thrown by a sender when sending the same message again cannot succeed (an invalid phone number,
 * a rejected invoice). The message is kept with its reason and marked failed; only retryMessage
 * (after a fix) sends it again.
 */
export class PermanentFailure extends Error {}

/** Makes a failed message due again, now. Returns whether there was one. */
export async function retryMessage(db: Database, key: string): Promise<boolean> {
  const retried = await db
    .update(outbox)
    .set({ failedAt: null, availableAt: sql`now()` })
    .where(and(eq(outbox.key, key), isNull(outbox.sentAt)))
    .returning({ id: outbox.id });
  if (retried.length > 0) afterResponse((followUps) => followUps.deliverOutbox());
  return retried.length > 0;
}

export type DeliveryReport = { sent: number; failed: number };

/** Waits between attempts: OUTBOX_RETRY_SECONDS (10 s), then twice as long each time, up to an hour. A message is never given up. */
export function retryDelaySeconds(attempts: number, firstSeconds = env().OUTBOX_RETRY_SECONDS): number {
  return Math.min(firstSeconds * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Delivers the messages that are due, at most `limit` of them. Each is claimed first (its lease
 * pushed ahead, under `FOR UPDATE SKIP LOCKED`), so two workers never hold the same message; then
 * sent outside any transaction, and marked sent, or left for a retry after a backoff.
 */
export async function deliverDueMessages(db: Database, send: Sender, limit = 20): Promise<DeliveryReport> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.availableAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        availableAt: sql`now() + make_interval(secs => ${env().OUTBOX_LEASE_SECONDS})`,
      })
      .where(
        sql`${outbox.id} in (${sql.join(
          due.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      )
      .returning({ id: outbox.id, kind: outbox.kind, key: outbox.key, payload: outbox.payload, attempts: outbox.attempts });
  });

  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (const message of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const outcome = await send(message);
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, logged: outcome === "logged", lastError: null })
        .where(eq(outbox.id, message.id));
      report.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentFailure;
      await db
        .update(outbox)
        .set({
          lastError: reason.slice(0, 500),
          failedAt: permanent ? sql`now()` : null,
          availableAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
        })
        .where(eq(outbox.id, message.id));
      report.failed++;
    }
  }
  return report;
}
