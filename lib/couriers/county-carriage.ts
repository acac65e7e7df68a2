import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { County } from "@/lib/checkout/counties";
import type { Database } from "@/lib/db";
import { deliveryZones } from "@/lib/db/schema";
import type { CountyCarriage } from "./carriage-words";
import type { CarriageUpdate } from "./county-rules";

const carriageColumns = { carrier: deliveryZones.carrier, payOnDelivery: deliveryZones.payOnDelivery };

/** Every county's carriage, by county, read fresh (the checkout offers what the owner set last). */
export async function listCountyCarriage(db: Database): Promise<Partial<Record<County, CountyCarriage>>> {
  const rows = await db
    .select({ county: deliveryZones.county, ...carriageColumns })
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.county));
  return Object.fromEntries(rows.map(({ county, ...carriage }) => [county, carriage]));
}

/** A county's carriage; the migration seeds every county, so a missing one is a broken database. */
export async function requireCountyCarriage(db: Database, county: County): Promise<CountyCarriage> {
  const [carriage] = await db.select(carriageColumns).from(deliveryZones).where(eq(deliveryZones.county, county));
  if (!carriage) throw new Error(`No delivery rate for ${county}`);
  return carriage;
}

/** Gives every county listed the same carrier and pay-on-delivery choice, recording who set it. */
export async function setCountyCarriage(db: Database, update: CarriageUpdate, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(deliveryZones)
      .set({ ...update.carriage, updatedAt: new Date(), updatedBy: actor.label })
      .where(inArray(deliveryZones.county, update.counties))
      .returning({ county: deliveryZones.county });
    await announceCacheChange(tx, cacheTags.delivery);
    return updated.length;
  });
}
