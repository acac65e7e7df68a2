import "server-only";
import { eq, sql } from "drizzle-orm";
import { isCounty } from "@/lib/checkout/counties";
import { parseDelivery, type Delivery, type DeliveryErrors, type DeliveryInput } from "@/lib/checkout/delivery-details";
import type { Database } from "@/lib/db";
import { savedDeliveryDetails } from "@/lib/db/schema";

/** The user's saved delivery details, to prefill checkout; null when none are saved. */
export async function findSavedDelivery(db: Database, userId: string): Promise<Delivery | null> {
  const [row] = await db.select().from(savedDeliveryDetails).where(eq(savedDeliveryDetails.userId, userId));
  if (!row || !isCounty(row.county)) return null;
  const { userId: _owner, updatedAt: _updated, ...delivery } = row;
  return { ...delivery, county: row.county };
}

/** Saves (or replaces) the user's delivery details after validating them; invalid details change nothing. */
export async function saveDelivery(
  db: Database,
  userId: string,
  input: DeliveryInput,
): Promise<{ ok: true } | { ok: false; errors: DeliveryErrors }> {
  const parsed = parseDelivery(input);
  if (!parsed.ok) return parsed;
  const values = { ...parsed.delivery, updatedAt: sql`now()` };
  await db
    .insert(savedDeliveryDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: savedDeliveryDetails.userId, set: values });
  return { ok: true };
}
