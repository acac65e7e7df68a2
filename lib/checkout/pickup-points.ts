import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { deliverySettings, pickupPoints } from "@/lib/db/schema";
import type { PickupPoint } from "./fulfilment-fee";
import type { PickupPointInput } from "./pickup-point-rules";

/** Read fresh on every call (never cached), so the checkout charges what staff set last. */
const pointColumns = {
  id: pickupPoints.id,
  name: pickupPoints.name,
  address: pickupPoints.address,
  openingHours: pickupPoints.openingHours,
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

/** A pickup point as the back office lists it: whether it is offered, and who changed it last (null: the seed). */
export type PickupPointRow = PickupPoint & { active: boolean; updatedAt: Date; updatedBy: string | null };

/** Every pickup point, offered or not, in the checkout's order. */
export function listPickupPoints(db: Database): Promise<PickupPointRow[]> {
  return db
    .select({
      ...pointColumns,
      active: pickupPoints.active,
      updatedAt: pickupPoints.updatedAt,
      updatedBy: pickupPoints.updatedBy,
    })
    .from(pickupPoints)
    .orderBy(...checkoutOrder);
}

/** Adds a pickup point, offered at once, after the others; records who added it. */
export async function createPickupPoint(db: Database, point: PickupPointInput, actor: Actor): Promise<void> {
  await db.insert(pickupPoints).values({
    ...point,
    position: sql`(select coalesce(max(${pickupPoints.position}), 0) + 1 from ${pickupPoints})`,
    updatedBy: actor.label,
  });
}

/** Changes a pickup point (placed orders keep their copy); false when there is no such point. */
export async function updatePickupPoint(db: Database, id: number, point: PickupPointInput, actor: Actor): Promise<boolean> {
  const updated = await db
    .update(pickupPoints)
    .set({ ...point, updatedAt: new Date(), updatedBy: actor.label })
    .where(eq(pickupPoints.id, id))
    .returning({ id: pickupPoints.id });
  return updated.length > 0;
}

/** Offers a pickup point at checkout again, or stops offering it (it is never deleted). */
export async function setPickupPointActive(db: Database, id: number, active: boolean, actor: Actor): Promise<void> {
  await db.update(pickupPoints).set({ active, updatedAt: new Date(), updatedBy: actor.label }).where(eq(pickupPoints.id, id));
}
