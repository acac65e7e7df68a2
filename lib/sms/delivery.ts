import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { smsMessages } from "@/lib/db/schema";
import { SMALL_BODY_MAX_BYTES } from "@/lib/http/body";
import { sameSecret } from "@/lib/secrets";
import type { SmsConfig } from "./client";

// Africa's Talking's delivery reports: a form POST per report to the shop's secret path. They carry
// no signature, may come late, twice or never, and only ever move a text forward.

export type DeliveryReport = { id: string; status: string; failureReason: string | null };

/** The largest report the route reads: a real one is a few hundred bytes. */
export const DELIVERY_REPORT_MAX_BYTES = SMALL_BODY_MAX_BYTES;

const reportSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.string().min(1).max(40),
  failureReason: z.string().max(200).optional(),
});

export function parseDeliveryReport(form: URLSearchParams): DeliveryReport | null {
  const parsed = reportSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return null;
  return { id: parsed.data.id, status: parsed.data.status, failureReason: parsed.data.failureReason || null };
}

/** Whether a report's path token is the shop's (compared in constant time). */
export const isDeliveryToken = (config: SmsConfig, token: string) => sameSecret(token, config.callbackToken);

/** Final statuses; Sent, Submitted and Buffered only say the text is on its way. */
const finalStates: Record<string, "delivered" | "failed"> = { Success: "delivered", Failed: "failed", Rejected: "failed" };

/**
 * Records a report: a final status settles a text that is not settled yet; any other only notes
 * when it came. An unknown id (another system's text, a forged report) changes nothing.
 */
export async function recordDeliveryReport(db: Database, report: DeliveryReport): Promise<void> {
  const state = finalStates[report.status];
  const text = eq(smsMessages.providerMessageId, report.id);
  if (!state) {
    await db
      .update(smsMessages)
      .set({ reportedAt: sql`now()` })
      .where(text);
    return;
  }
  await db
    .update(smsMessages)
    .set({
      state,
      reportedAt: sql`now()`,
      failureReason: state === "failed" ? (report.failureReason ?? report.status) : null,
    })
    .where(and(text, inArray(smsMessages.state, ["queued", "sent"])));
}
