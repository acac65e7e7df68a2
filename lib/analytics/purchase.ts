import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { orderAnalytics } from "@/lib/db/schema";
import { enqueue, PermanentFailure, type OutboxMessage, type Sender } from "@/lib/outbox/outbox";
import { commerceEvent, purchaseEventId, type AnalyticsItem } from "./browser-events";
import { gaConfig, metaConfig } from "./config";
import { hashedUserData } from "./hashing";

/** What a purchase report needs of its order. */
export type PurchasedOrder = {
  id: number;
  number: string;
  /** Whole shillings, delivery included. */
  total: number;
  email: string | null;
  phone: string | null;
  items: AnalyticsItem[];
};

/** One report to one tool, as the outbox keeps it: the request's body, with contact details only hashed. */
type PurchaseReport =
  { tool: "ga"; body: ReturnType<typeof gaPurchaseBody> } | { tool: "meta"; body: ReturnType<typeof metaPurchaseBody> };

/**
 * Queues the order's purchase for GA4 and Meta (each that is set up), once per order whatever calls
 * it again, in the caller's transaction: when it is paid, or placed to be paid on delivery. An order
 * whose shopper had not accepted analytics at checkout (no consent linked) is reported to nobody.
 */
export async function reportPurchase(tx: Database, order: PurchasedOrder, now = new Date()): Promise<void> {
  const [link] = await tx.select().from(orderAnalytics).where(eq(orderAnalytics.orderId, order.id));
  if (!link) return;
  if (gaConfig()) {
    const report: PurchaseReport = { tool: "ga", body: gaPurchaseBody(order, link.gaClientId) };
    await enqueue(tx, "analytics", `ga-purchase:${order.number}`, report);
  }
  if (metaConfig()) {
    const report: PurchaseReport = { tool: "meta", body: metaPurchaseBody(order, now) };
    await enqueue(tx, "analytics", `meta-purchase:${order.number}`, report);
  }
}

/** GA4's Measurement Protocol `purchase`: the order number as transaction_id, KES, the total. */
export function gaPurchaseBody(order: PurchasedOrder, clientId: string) {
  const { name, params } = commerceEvent("purchase", order.items, { value: order.total, orderNumber: order.number });
  return { client_id: clientId, events: [{ name, params }] };
}

/** Meta's Conversions API `Purchase`, with the browser's event id (deduplicated by Meta) and hashed contact details. */
export function metaPurchaseBody(order: PurchasedOrder, now: Date) {
  return {
    data: [
      {
        event_name: "Purchase",
        event_time: Math.floor(now.getTime() / 1000),
        event_id: purchaseEventId(order.number),
        action_source: "website",
        user_data: hashedUserData(order),
        custom_data: { currency: "KES", value: order.total, order_id: order.number },
      },
    ],
  };
}

/**
 * The outbox's sender for purchase reports: posts the stored body to the tool's API with the secret
 * from the settings (never stored in the outbox). A refusal (4xx but 429) cannot succeed by
 * retrying; other failures are retried.
 */
export const analyticsSender = (): Sender => async (message: OutboxMessage) => {
  const report = message.payload as PurchaseReport;
  const url = reportUrl(report);
  if (!url) throw new PermanentFailure(`${report.tool === "ga" ? "GA4" : "The Meta Pixel"} is no longer set up`);
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(report.body),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.ok) return "sent";
  const reason = `${report.tool} answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new PermanentFailure(reason);
  throw new Error(reason);
};

/** Where a report goes, with its secret; null when its tool is no longer set up. */
function reportUrl(report: PurchaseReport): string | null {
  if (report.tool === "ga") {
    const ga = gaConfig();
    if (!ga) return null;
    const query = new URLSearchParams({ measurement_id: ga.measurementId, api_secret: ga.apiSecret });
    return `${ga.url}?${query}`;
  }
  const meta = metaConfig();
  if (!meta) return null;
  return `${meta.graphUrl.replace(/\/$/, "")}/${meta.pixelId}/events?${new URLSearchParams({ access_token: meta.token })}`;
}
