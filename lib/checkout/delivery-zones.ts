import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { deliveryZones } from "@/lib/db/schema";
import type { County } from "./counties";

import type { CountyCarriage, DeliveryRate } from "./delivery";
import type { ZoneRateUpdate } from "./delivery-zone-rules";

/** Read fresh on every call (never cached), so the checkout charges the rate staff set last. */
const rateColumns = { fee: deliveryZones.fee, minDays: deliveryZones.minDays, maxDays: deliveryZones.maxDays };

/** Every county's delivery rate, by county. */
export async function listDeliveryRates(db: Database): Promise<Partial<Record<County, DeliveryRate>>> {
  const rows = await db
    .select({ county: deliveryZones.county, ...rateColumns })
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.county));
  return Object.fromEntries(rows.map(({ county, ...rate }) => [county, rate]));
}

/** A county's delivery rate; the migration seeds every county, so a missing one is a broken database. */
export async function requireDeliveryRate(db: Database, county: County): Promise<DeliveryRate> {
  const [rate] = await db.select(rateColumns).from(deliveryZones).where(eq(deliveryZones.county, county));
  if (!rate) throw new Error(`No delivery rate for ${county}`);
  return rate;
}

/**
 * A county's rate as the back office lists it: with who carries its orders and whether it offers pay
 * on delivery (lib/couriers), when it was set last, and by whom (null: the seed).
 */
export type DeliveryZone = DeliveryRate & CountyCarriage & { county: County; updatedAt: Date; updatedBy: string | null };

/** Every county's rate, in the counties' order, for the back office. */
export async function listDeliveryZones(db: Database): Promise<DeliveryZone[]> {
  const rows = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.county));
  return rows.map((row) => ({ ...row, county: row.county as County }));
}

/** Gives every county listed the same rate, in one statement, recording who set it; the home page's promise follows. */
export async function setDeliveryRates(db: Database, update: ZoneRateUpdate, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(deliveryZones)
      .set({ ...update.rate, updatedAt: new Date(), updatedBy: actor.label })
      .where(inArray(deliveryZones.county, update.counties))
      .returning({ county: deliveryZones.county });
    await announceCacheChange(tx, cacheTags.delivery);
    return updated.length;
  });
}
