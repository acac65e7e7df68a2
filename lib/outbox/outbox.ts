import "server-only";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { afterResponse } from "@/lib/after-response";
import type { Database } from "@/lib/db";
import { outbox } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Mail } from "@/lib/mail";

/**
 * Queues an e-mail in the caller's transaction. The key names what it is about (one e-mail per
 * order event): queuing the same key again changes nothing, so a retried change never mails twice.
 * Where no worker polls the outbox (Vercel), the request delivers it once it has answered.
 */
export async function enqueueMail(tx: Database, key: string, mail: Mail): Promise<void> {
  await tx.insert(outbox).values({ key, kind: "email", payload: mail }).onConflictDoNothing({ target: outbox.key });
  afterResponse((followUps) => followUps.deliverOutbox());
}

export type DeliveryReport = { sent: number; failed: number };

/** Waits between attempts: 10 s, 20 s, 40 s … up to an hour. A message is never given up. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Delivers the messages that are due, at most `limit` of them. Each is claimed first (its lease
 * pushed ahead, under `FOR UPDATE SKIP LOCKED`), so two workers never hold the same message; then
 * sent outside any transaction, and marked sent, or left for a retry after a backoff.
 */
export async function deliverDueMessages(
  db: Database,
  send: (mail: Mail, key: string) => Promise<void>,
  limit = 20,
): Promise<DeliveryReport> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.availableAt, sql`now()`)))
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
      .returning({ id: outbox.id, key: outbox.key, payload: outbox.payload, attempts: outbox.attempts });
  });

  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (const message of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await send(message.payload as Mail, message.key);
      await db
        .update(outbox)
        .set({ sentAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, message.id));
      report.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({
          lastError: reason.slice(0, 500),
          availableAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
        })
        .where(eq(outbox.id, message.id));
      report.failed++;
    }
  }
  return report;
}
