import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { authBaseURL } from "@/lib/auth/config";
import { reserveAttempt } from "@/lib/auth/throttle";
import { variantLabel, variantPath } from "@/lib/core/variant-label";
import type { Database } from "@/lib/db";
import { backInStockRequests, products, variants } from "@/lib/db/schema";
import type { ShopperContact } from "@/lib/db/values";
import { env } from "@/lib/env";
import { enqueueMail } from "@/lib/outbox/outbox";
import { site } from "@/lib/site";
import { queueSms } from "@/lib/sms/queue";
import { backInStockCopy } from "./back-in-stock-copy";

// 'Tell me when it's back': a shopper asks on a sold-out variant's page; when that variant's stock
// next goes from 0 to more (any stock movement: a restock, a cancelled order, a return received),
// every waiting request is sent once, oldest first, through the outbox, in the movement's transaction.

/** Requests a stranger may make in a day: per contact, and per client address (BACK_IN_STOCK_PER_ADDRESS_PER_DAY). */
export const backInStockLimits = () => ({ perContactPerDay: 5, perAddressPerDay: env().BACK_IN_STOCK_PER_ADDRESS_PER_DAY });

export type BackInStockRequestResult =
  { ok: true } | { ok: false; reason: "unknown_variant" | "not_sold_out" | "throttled"; error: string };

/**
 * Records a request for a sold-out variant of a published product; asking again while one waits
 * changes nothing. Throttled per contact and per client address, so nobody can use it to flood a number.
 */
export async function requestBackInStock(
  db: Database,
  input: { variantId: number; contact: ShopperContact; clientAddress: string | null },
): Promise<BackInStockRequestResult> {
  return db.transaction(async (tx): Promise<BackInStockRequestResult> => {
    const [variant] = await tx
      .select({ stock: variants.stock })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.id, input.variantId), isNull(variants.archivedAt), eq(products.status, "published")));
    if (!variant) return { ok: false, reason: "unknown_variant", error: backInStockCopy.unknownVariant };
    if (variant.stock > 0) return { ok: false, reason: "not_sold_out", error: backInStockCopy.notSoldOut };
    const day = 86_400_000;
    const limits = backInStockLimits();
    const wait = await reserveAttempt(tx, [
      { key: `back-in-stock:contact:${input.contact.contact}`, max: limits.perContactPerDay, windowMs: day },
      ...(input.clientAddress
        ? [{ key: `back-in-stock:address:${input.clientAddress}`, max: limits.perAddressPerDay, windowMs: day }]
        : []),
    ]);
    if (wait > 0) return { ok: false, reason: "throttled", error: backInStockCopy.throttled };
    await tx
      .insert(backInStockRequests)
      .values({ variantId: input.variantId, ...input.contact })
      .onConflictDoNothing();
    return { ok: true };
  });
}

/**
 * Sends the waiting requests of each variant whose stock a movement took from 0 to more, in that
 * movement's transaction. Marking them done first locks them, so a racing restock finds none left
 * to send; the outbox key (one per request) makes a retried transaction queue nothing twice. A
 * variant that is archived, or whose product is no longer published, has its requests dropped quietly.
 */
export async function sendBackInStockAlerts(tx: Database, variantIds: number[]): Promise<void> {
  for (const variantId of new Set(variantIds)) {
    const done = await tx
      .update(backInStockRequests)
      .set({ doneAt: sql`now()` })
      .where(and(eq(backInStockRequests.variantId, variantId), isNull(backInStockRequests.doneAt)))
      .returning({ id: backInStockRequests.id, contact: backInStockRequests.contact, channel: backInStockRequests.channel });
    if (done.length === 0) continue;
    const [variant] = await tx
      .select({
        name: products.name,
        slug: products.slug,
        size: variants.size,
        colour: variants.colour,
        packSize: variants.packSize,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.id, variantId), isNull(variants.archivedAt), eq(products.status, "published")));
    if (!variant) continue;
    const label = variantLabel(variant);
    const item = label ? `${variant.name} (${label})` : variant.name;
    // The middle dot is not GSM-7: one such character would make the whole text UCS-2 (70 a part).
    const textItem = item.replaceAll(" · ", ", ");
    const link = `${authBaseURL()}${variantPath(variant.slug, variantId)}`;
    for (const request of done.sort((a, b) => a.id - b.id)) {
      const key = `back-in-stock:${request.id}`;
      if (request.channel === "sms") {
        const message = backInStockCopy.smsText(site.name, textItem, link);
        // Its own share of the daily budget (SMS_BACK_IN_STOCK_PER_DAY), after every order's text.
        await queueSms(tx, key, { to: request.contact, message }, { purpose: "back_in_stock" });
      } else {
        await enqueueMail(tx, key, {
          to: request.contact,
          subject: backInStockCopy.mailSubject(item),
          text: backInStockCopy.mailText(item, link),
        });
      }
    }
  }
}
