import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { pickupPoints } from "@/lib/db/schema";
import { findShopDetails } from "./details";
import { pickupAddressOf } from "./contact";

// Pickup points copy an address when staff add them, so the studio's point keeps the old street after
// the Shop details change. Shop details shows which points are at the shop's address and moves the
// others there on request; the checkout, the order page and the 'ready for pickup' e-mail then name it.

/** An offered pickup point as Shop details lists it: at the shop's saved address, or at its own. */
export type PickupPointAddress = { id: number; name: string; address: string; atShop: boolean };

/** The offered pickup points, in the checkout's order, each with whether it is at the shop's address. */
export async function listPickupPointAddresses(db: Database): Promise<PickupPointAddress[]> {
  const shopAddress = pickupAddressOf(await findShopDetails(db));
  const points = await db
    .select({ id: pickupPoints.id, name: pickupPoints.name, address: pickupPoints.address })
    .from(pickupPoints)
    .where(eq(pickupPoints.active, true))
    .orderBy(asc(pickupPoints.position), asc(pickupPoints.name), asc(pickupPoints.id));
  return points.map((point) => ({ ...point, atShop: point.address === shopAddress }));
}

/**
 * Gives a pickup point the shop's saved address, recording who did it (placed orders keep their
 * copy); false when there is no such point.
 */
export async function movePickupPointToShop(db: Database, id: number, actor: Actor): Promise<boolean> {
  const address = pickupAddressOf(await findShopDetails(db));
  const moved = await db
    .update(pickupPoints)
    .set({ address, updatedAt: new Date(), updatedBy: actor.label })
    .where(eq(pickupPoints.id, id))
    .returning({ id: pickupPoints.id });
  return moved.length > 0;
}
