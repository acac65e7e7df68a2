import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { County } from "@/lib/checkout/counties";
import type { Delivery } from "@/lib/checkout/delivery-details";
import type { PickupPlace } from "@/lib/checkout/fulfilment-fee";
import type { Database } from "@/lib/db";
import {
  orderLines,
  orders,
  payments,
  refunds,
  type PaymentMethod,
  type PaymentStatus,
  type RefundChannel,
  type RefundReason,
  type RefundStatus,
} from "@/lib/db/schema";
import type { OrderStatus } from "./status";
import type { Carrier } from "@/lib/db/values";
import { findShipment } from "@/lib/couriers/shipments";
import type { ShipmentView } from "@/lib/couriers/shipment-words";
import { heldC2b } from "./c2b-money";

export type OrderLineView = {
  productId: number | null;
  productSlug: string;
  productName: string;
  variantLabel: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
};

/** Everything the confirmation page, the account's order page and the e-mail show. */
/** One payment attempt as pages and e-mails show it. */
export type PaymentView = {
  id: number;
  method: PaymentMethod;
  status: PaymentStatus;
  amount: number;
  /** M-Pesa: the paying phone (2547…), the receipt, M-Pesa's result, and whether the push (or Pesapal's order) went out. */
  phone: string | null;
  receipt: string | null;
  pushed: boolean;
  resultCode: number | null;
  resultDesc: string | null;
  outcomeAt: Date | null;
  problem: string | null;
  createdAt: Date;
};

/** Money owed back on the order (the refunds ledger), due or recorded. */
export type RefundView = {
  id: number;
  amount: number;
  reason: RefundReason;
  status: RefundStatus;
  method: RefundChannel | null;
  reference: string | null;
  createdAt: Date;
  recordedAt: Date | null;
  recordedBy: string | null;
};

export type OrderView = {
  id: number;
  number: string;
  status: OrderStatus;
  createdAt: Date;
  /** The buyer's details; a pickup order's address fields are empty ('') and `pickup` says where instead. */
  delivery: Delivery;
  fulfilment: "delivery" | "pickup";
  /** The pickup point as it was when the order was placed; null for delivery. */
  pickup: PickupPlace | null;
  /** Who carries a delivered order, as its county said when it was placed (lib/couriers/county-rules.ts). */
  carrier: Carrier;
  /** The town or office where the shopper said they will collect a courier's parcel ('' for none). */
  collectAt: string;
  /** The courier, waybill and office recorded at dispatch; null before. */
  shipment: ShipmentView | null;
  lines: OrderLineView[];
  itemCount: number;
  subtotal: number;
  /** The discount code and what it took off (lib/discounts), null without one. */
  discount: { code: string; amount: number } | null;
  deliveryFee: number;
  total: number;
  /** YYYY-MM-DD dates (Nairobi): see formatDeliveryWindow. */
  deliveryWindow: { earliest: string; latest: string };
  /** The latest payment attempt: how the order is being paid now. */
  payment: PaymentView;
  /** Every attempt, oldest first (M-Pesa pushes, a switch to pay on delivery). */
  payments: PaymentView[];
  /** Refunds, oldest first. */
  refunds: RefundView[];
  /** What Paybill/Till payments paid towards it so far, while that is less than its total (else 0). */
  partPaid: number;
  /** Whether the buyer gets texts about it (lib/orders/order-texts.ts). */
  smsUpdates: boolean;
};

/** The full order by its id, with no access check: the caller has already checked who may see it (the owner, or staff). */
export async function findOrderUnchecked(db: Database, orderId: number): Promise<OrderView | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({
      productId: orderLines.productId,
      productSlug: orderLines.productSlug,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const attempts = await db
    .select({
      id: payments.id,
      method: payments.method,
      status: payments.status,
      amount: payments.amount,
      phone: payments.phone,
      receipt: payments.providerReference,
      pushed: sql<boolean>`coalesce(${payments.checkoutRequestId}, ${payments.trackingId}) is not null`,
      resultCode: payments.resultCode,
      resultDesc: payments.resultDesc,
      outcomeAt: payments.outcomeAt,
      problem: payments.problem,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  const owed = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      method: refunds.method,
      reference: refunds.reference,
      createdAt: refunds.createdAt,
      recordedAt: refunds.recordedAt,
      recordedBy: refunds.recordedBy,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  const held = await heldC2b(db, orderId);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    delivery: {
      fullName: order.fullName,
      phone: order.phone,
      email: order.email,
      county: order.county as County,
      town: order.town,
      street: order.street,
      notes: order.notes,
    },
    fulfilment: order.fulfilment,
    pickup:
      order.pickupName !== null && order.pickupAddress !== null && order.pickupHours !== null
        ? { name: order.pickupName, address: order.pickupAddress, hours: order.pickupHours }
        : null,
    carrier: order.carrier,
    collectAt: order.collectAt,
    shipment: await findShipment(db, orderId),
    lines: lines.map((line) => ({ ...line, lineTotal: line.unitPrice * line.quantity })),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: order.subtotal,
    discount: order.discountCode ? { code: order.discountCode, amount: order.discount } : null,
    deliveryFee: order.deliveryFee,
    total: order.total,
    deliveryWindow: { earliest: order.deliveryEarliest, latest: order.deliveryLatest },
    smsUpdates: order.smsUpdates,
    payment: attempts[attempts.length - 1],
    payments: attempts,
    refunds: owed,
    partPaid: held.reduce((sum, part) => sum + part.amount, 0),
  };
}
