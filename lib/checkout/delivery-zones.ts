import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { deliveryZones } from "@/lib/db/schema";
import type { County } from "./counties";
import type { DeliveryRate } from "./delivery";

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
