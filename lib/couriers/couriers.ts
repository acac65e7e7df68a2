import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { couriers, shipments } from "@/lib/db/schema";
import { courierMessages, type CourierInput } from "./courier-rules";

/** A courier as the back office lists it, and the dispatch form offers it (unarchived only). */
export type CourierRow = typeof couriers.$inferSelect;

/** Every courier, the rider first, then by name; `offered` leaves out the archived ones. */
export async function listCouriers(db: Database, { offered = false } = {}): Promise<CourierRow[]> {
  return db
    .select()
    .from(couriers)
    .where(offered ? eq(couriers.archived, false) : undefined)
    .orderBy(sql`${couriers.kind} = 'courier'`, asc(sql`lower(${couriers.name})`));
}

/** The rider's row (the migration seeds it): a rider's parcel needs no waybill, so dispatch takes it when staff name none. */
export async function findRider(db: Database): Promise<CourierRow | null> {
  const [rider] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.kind, "rider"), eq(couriers.archived, false)))
    .orderBy(asc(couriers.id))
    .limit(1);
  return rider ?? null;
}

export type CourierSave =
  { ok: true; courier: CourierRow } | { ok: false; field: "name"; error: string } | { ok: false; error: string };

/** Adds a courier, or (with `id`) changes one: orders that used it show its new name and phone. */
export async function saveCourier(db: Database, input: CourierInput, actor: Actor, id?: number): Promise<CourierSave> {
  const values = { ...input, updatedAt: new Date(), updatedBy: actor.label };
  try {
    const [saved] =
      id === undefined
        ? await db.insert(couriers).values(values).returning()
        : await db.update(couriers).set(values).where(eq(couriers.id, id)).returning();
    return saved ? { ok: true, courier: saved } : { ok: false, error: courierMessages.unknownCourier };
  } catch (error) {
    if (isUniqueViolation(error, "couriers_name_unique")) return { ok: false, field: "name", error: courierMessages.nameTaken };
    throw error;
  }
}

/**
 * 'Remove': a courier no order used is deleted; one that orders used is archived instead (kept on
 * their pages, no longer offered at dispatch). 'Offer again' brings an archived one back. The
 * rider is never removed. Returns what became of it, or null when there is no such courier.
 */
export async function removeCourier(db: Database, id: number, actor: Actor): Promise<"deleted" | "archived" | null> {
  return db.transaction(async (tx) => {
    const [courier] = await tx.select().from(couriers).where(eq(couriers.id, id)).for("update");
    if (!courier || courier.kind === "rider") return null;
    const [used] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.courierId, id)).limit(1);
    if (!used) {
      await tx.delete(couriers).where(eq(couriers.id, id));
      return "deleted";
    }
    await tx.update(couriers).set({ archived: true, updatedAt: new Date(), updatedBy: actor.label }).where(eq(couriers.id, id));
    return "archived";
  });
}

export async function restoreCourier(db: Database, id: number, actor: Actor): Promise<boolean> {
  const restored = await db
    .update(couriers)
    .set({ archived: false, updatedAt: new Date(), updatedBy: actor.label })
    .where(eq(couriers.id, id))
    .returning({ id: couriers.id });
  return restored.length > 0;
}
