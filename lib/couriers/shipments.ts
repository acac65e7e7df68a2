import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { parseFormValues, type FieldErrors } from "@/lib/core/form-schema";
import type { Database } from "@/lib/db";
import { couriers, orderHistory, orders, shipments, type Carrier } from "@/lib/db/schema";
import { courierMessages, shipmentSchema, waybillProblem, type ShipmentField, type ShipmentInput } from "./courier-rules";
import { findRider } from "./couriers";
import { shipmentLine, type ShipmentView } from "./shipment-words";

export type ShipmentRecord = { ok: true; note: string } | { ok: false; errors: FieldErrors<ShipmentField> };

/**
 * Records (or corrects) who carries an order's parcel, in the caller's transaction: the courier
 * chosen, its waybill (required from a courier) and the office where it is collected. A rider's
 * order posted without a courier goes with the rider. Returns the history's note, which names the
 * previous values on a correction.
 */
export async function recordShipment(
  tx: Database,
  order: { id: number; carrier: Carrier },
  posted: Partial<Record<ShipmentField, unknown>>,
  actor: Actor,
): Promise<ShipmentRecord> {
  const input = await shipmentOf(tx, order.carrier, posted);
  if (!input.ok) return input;
  const previous = await findShipment(tx, order.id);
  const [courier] = await tx.select().from(couriers).where(eq(couriers.id, input.data.courierId));
  // An archived courier stays only on the parcels it already carries.
  if (!courier || (courier.archived && previous?.courierId !== courier.id))
    return { ok: false, errors: { courierId: courierMessages.unknownCourier } };
  const waybill = courier.kind === "rider" ? "" : input.data.waybill;
  const problem = waybillProblem(courier.kind, waybill);
  if (problem) return { ok: false, errors: { waybill: problem } };
  const row = { courierId: courier.id, waybill, office: input.data.office, recordedAt: new Date(), recordedBy: actor.label };
  await tx
    .insert(shipments)
    .values({ orderId: order.id, ...row })
    .onConflictDoUpdate({ target: shipments.orderId, set: row });
  const now = describe({ courier, waybill, office: row.office });
  return { ok: true, note: previous ? `Courier corrected: ${now} (was ${describe(previous)})` : `Sent with ${now}` };
}

/** The order's parcel as recorded, with its courier as it is now; null before dispatch. */
export async function findShipment(db: Database, orderId: number): Promise<ShipmentView | null> {
  const [row] = await db
    .select({
      courierId: shipments.courierId,
      courier: {
        name: couriers.name,
        kind: couriers.kind,
        handover: couriers.handover,
        phone: couriers.phone,
        trackingUrl: couriers.trackingUrl,
      },
      waybill: shipments.waybill,
      office: shipments.office,
      recordedAt: shipments.recordedAt,
      recordedBy: shipments.recordedBy,
    })
    .from(shipments)
    .innerJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(eq(shipments.orderId, orderId));
  return row ?? null;
}

/** The form's values, or the rider for a rider's order posted without a courier (the step's plain button). */
async function shipmentOf(
  tx: Database,
  carrier: Carrier,
  posted: Partial<Record<ShipmentField, unknown>>,
): Promise<{ ok: true; data: ShipmentInput } | { ok: false; errors: FieldErrors<ShipmentField> }> {
  if (!posted.courierId && carrier === "rider") {
    const rider = await findRider(tx);
    if (rider) return { ok: true, data: { courierId: rider.id, waybill: "", office: "" } };
  }
  return parseFormValues<ShipmentInput, ShipmentField>(shipmentSchema, posted);
}

/** 'Fargo Courier, waybill FGO12345678, to collect at Fargo Kisumu.' */
function describe(shipment: Pick<ShipmentView, "courier" | "waybill" | "office">): string {
  return `${shipmentLine(shipment)}${shipment.office ? `, to collect at ${shipment.office}` : ""}.`;
}

export type ShipmentCorrection = { ok: true } | { ok: false; error: string; errors?: FieldErrors<ShipmentField> };

/**
 * Staff correct a dispatched order's courier, waybill or office: recorded with the previous values in
 * the order's history, in one transaction. The shopper's pages show the new values; no new message goes.
 */
export async function correctShipment(
  db: Database,
  input: { number: string; posted: Partial<Record<ShipmentField, unknown>>; actor: Actor },
): Promise<ShipmentCorrection> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, input.number)).for("update");
    if (!order || !(await findShipment(tx, order.id))) return { ok: false as const, error: shipmentMessages.notSent };
    const recorded = await recordShipment(tx, order, input.posted, input.actor);
    if (!recorded.ok) return { ok: false as const, error: Object.values(recorded.errors)[0] ?? "", errors: recorded.errors };
    await tx.insert(orderHistory).values({
      orderId: order.id,
      actorId: input.actor.id,
      actorLabel: input.actor.label,
      fromStatus: order.status,
      toStatus: order.status,
      note: recorded.note,
    });
    return { ok: true as const };
  });
}

export const shipmentMessages = {
  notSent: "This order has not left with a courier: dispatch it first.",
  corrected: "Courier and waybill saved.",
} as const;
