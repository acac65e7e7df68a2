import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { deliverySettings, pickupPoints } from "@/lib/db/schema";
import type { PickupPoint } from "./fulfilment-fee";

/** Read fresh on every call (never cached), so the checkout charges what staff set last. */
const pointColumns = {
  id: pickupPoints.id,
  name: pickupPoints.name,
  address: pickupPoints.address,
  hours: pickupPoints.hours,
  fee: pickupPoints.fee,
};
const checkoutOrder = [asc(pickupPoints.position), asc(pickupPoints.name), asc(pickupPoints.id)];

/** The points the checkout offers, in their order. */
export function listActivePickupPoints(db: Database): Promise<PickupPoint[]> {
  return db
    .select(pointColumns)
    .from(pickupPoints)
    .where(eq(pickupPoints.active, true))
    .orderBy(...checkoutOrder);
}

/** An active point by id, else null (deactivated since the checkout showed it, or never there). */
export async function findActivePickupPoint(db: Database, id: number): Promise<PickupPoint | null> {
  const [point] = await db
    .select(pointColumns)
    .from(pickupPoints)
    .where(and(eq(pickupPoints.id, id), eq(pickupPoints.active, true)));
  return point ?? null;
}

/** The free-delivery threshold (whole KSh of goods after the discount), null for none. */
export async function findFreeDeliveryThreshold(db: Database): Promise<number | null> {
  const [settings] = await db.select({ threshold: deliverySettings.freeDeliveryThreshold }).from(deliverySettings);
  return settings?.threshold ?? null;
}

/** Sets the free-delivery threshold (null: none), recording who set it. */
export async function setFreeDeliveryThreshold(db: Database, threshold: number | null, actor: Actor): Promise<void> {
  await db
    .update(deliverySettings)
    .set({ freeDeliveryThreshold: threshold, updatedAt: new Date(), updatedBy: actor.label })
    .where(eq(deliverySettings.id, 1));
}
