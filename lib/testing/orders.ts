import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { deliveryWindow } from "@/lib/checkout/delivery";
import { NAIROBI, type County } from "@/lib/checkout/counties";
import type { Database } from "@/lib/db";
import {
  orderLines,
  orders,
  payments,
  refunds,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type RefundReason,
} from "@/lib/db/schema";
import { newOrderNumber } from "@/lib/orders/order-number";

/** An order as stored, for tests and the bench that need orders at given times and states without a checkout. */
export type OrderSpec = {
  createdAt?: Date;
  status?: OrderStatus;
  fullName?: string;
  phone?: string;
  email?: string;
  county?: County;
  subtotal?: number;
  deliveryFee?: number;
  /** Its payment rows, oldest first; one pending pay-on-delivery row by default. Paid ones were paid when `paidAt` says (else at the order's time). */
  payments?: { method: PaymentMethod; status: PaymentStatus; paidAt?: Date }[];
  /** Refunds of its total: due, or recorded in cash at `recordedAt`. */
  refunds?: { reason: RefundReason; recordedAt?: Date }[];
};

/**
 * Inserts orders straight into the tables (one line and the payment rows each, no stock change,
 * no history, no e-mail), 500 a statement; returns their ids and numbers in the given order.
 */
export async function insertOrders(db: Database, specs: OrderSpec[]): Promise<{ id: number; number: string }[]> {
  const inserted: { id: number; number: string }[] = [];
  for (let start = 0; start < specs.length; start += 500) {
    const batch = specs.slice(start, start + 500);
    const rows = await db.insert(orders).values(batch.map(orderRow)).returning({ id: orders.id, number: orders.number });
    await db.insert(orderLines).values(
      rows.map((row, index) => ({
        orderId: row.id,
        productSlug: "test-tee",
        productName: "Test Tee",
        variantLabel: "M · White",
        unitPrice: batch[index].subtotal ?? 1000,
        quantity: 1,
      })),
    );
    const paymentRows = rows.flatMap((row, index) => {
      const spec = batch[index];
      const amount = (spec.subtotal ?? 1000) + (spec.deliveryFee ?? 200);
      return (spec.payments ?? [{ method: "pay_on_delivery", status: "pending" }]).map((payment) => ({
        orderId: row.id,
        ...payment,
        paidAt: payment.status === "paid" ? (payment.paidAt ?? spec.createdAt ?? new Date()) : null,
        amount,
      }));
    });
    if (paymentRows.length > 0) await db.insert(payments).values(paymentRows);
    const refundRows = rows.flatMap((row, index) => {
      const spec = batch[index];
      const amount = (spec.subtotal ?? 1000) + (spec.deliveryFee ?? 200);
      return (spec.refunds ?? []).map(({ reason, recordedAt }) => ({
        orderId: row.id,
        amount,
        reason,
        ...(recordedAt ? { status: "recorded" as const, method: "cash" as const, recordedAt, recordedBy: "test" } : {}),
      }));
    });
    if (refundRows.length > 0) await db.insert(refunds).values(refundRows);
    inserted.push(...rows);
  }
  return inserted;
}

/** An order's status as stored now. */
export async function statusOf(db: Database, orderId: number): Promise<OrderStatus> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row.status;
}

function orderRow(spec: OrderSpec) {
  const createdAt = spec.createdAt ?? new Date();
  const county = spec.county ?? NAIROBI;
  const subtotal = spec.subtotal ?? 1000;
  const deliveryFee = spec.deliveryFee ?? 200;
  const window = deliveryWindow({ fee: deliveryFee, minDays: 1, maxDays: 2 }, createdAt);
  return {
    number: newOrderNumber(),
    idempotencyKey: randomUUID(),
    status: spec.status ?? "placed",
    fullName: spec.fullName ?? "Test Shopper",
    phone: spec.phone ?? "+254712345678",
    email: spec.email ?? `${randomUUID()}@example.com`,
    county,
    town: "Nairobi",
    street: "Moi Avenue",
    subtotal,
    deliveryFee,
    total: subtotal + deliveryFee,
    deliveryEarliest: window.earliest,
    deliveryLatest: window.latest,
    createdAt,
    updatedAt: createdAt,
  };
}
