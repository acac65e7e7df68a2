import "server-only";
import { and, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import type { FulfilmentKind } from "@/lib/db/values";
import { couriers, orders, payments, refunds, shipments, type PaymentMethod, type PaymentStatus } from "@/lib/db/schema";
import { nairobiDay } from "@/lib/time/nairobi";
import { orderRevenue } from "./revenue";
import type { OrderFilters } from "./staff-filters";
import type { OrderStatus } from "./status";

export const ORDERS_PER_PAGE = 25;

/** One order as the back office lists and exports it. `payment` is its latest payment row (none for a broken order). */
export type StaffOrderRow = {
  id: number;
  number: string;
  createdAt: Date;
  status: OrderStatus;
  fulfilment: FulfilmentKind;
  fullName: string;
  phone: string;
  email: string;
  /** Empty for a pickup order, which names its point instead. */
  county: string;
  town: string;
  pickupName: string | null;
  /** The parcel's courier, waybill and office once dispatched ('' before), and where the shopper said they collect. */
  courier: string;
  waybill: string;
  office: string;
  collectAt: string;
  /** The order's figures as placed: total = subtotal − discount + delivery fee; the code null without one. */
  subtotal: number;
  discount: number;
  discountCode: string | null;
  deliveryFee: number;
  total: number;
  /** What the order brought in so far by the shop's revenue rule (lib/orders/revenue.ts): money received, less refunds recorded. */
  revenue: number;
  payment: { method: PaymentMethod; status: PaymentStatus } | null;
};

export type StaffOrderList = {
  rows: StaffOrderRow[];
  /** How many orders the filters select, over all pages. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
};

/**
 * One page of the orders the filters select, newest first, with how many there are in all.
 * Asking for a page past the end gives the last page.
 */
export async function listOrdersForStaff(db: Database, filters: OrderFilters): Promise<StaffOrderList> {
  const where = filterCondition(filters);
  const pageOf = (page: number) => selectRows(db, where, ORDERS_PER_PAGE, (page - 1) * ORDERS_PER_PAGE);
  const [[{ total }], rows] = await Promise.all([db.select({ total: count() }).from(orders).where(where), pageOf(filters.page)]);
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
  if (filters.page <= pageCount) return { rows, total, page: filters.page, pageCount };
  return { rows: await pageOf(pageCount), total, page: pageCount, pageCount };
}

/**
 * Every order the filters select (all pages), newest first, `batchSize` at a time: for the CSV
 * export, which streams them out instead of holding them all. Each batch starts after the last
 * row of the one before, so orders placed meanwhile neither repeat nor shift rows.
 */
export async function* ordersForExport(db: Database, filters: OrderFilters, batchSize = 1000): AsyncGenerator<StaffOrderRow[]> {
  const where = filterCondition(filters);
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
      : undefined;
    const batch = await selectRows(db, and(where, cursor), batchSize, 0);
    if (batch.length > 0) yield batch.map(({ cursor: _cursor, ...row }) => row);
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    after = { createdAt: last.cursor, id: last.id };
  }
}

/** The rows of one page, each with its latest payment (one index lookup per row shown). */
async function selectRows(db: Database, where: SQL | undefined, limit: number, offset: number) {
  const latestPayment = db
    .select({ method: payments.method, status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orders.id))
    .orderBy(desc(payments.id))
    .limit(1)
    .as("latest_payment");
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      // The exact timestamp (microseconds) for the export's cursor; a Date keeps milliseconds only.
      cursor: sql<string>`${orders.createdAt}::text`,
      status: orders.status,
      fulfilment: orders.fulfilment,
      fullName: orders.fullName,
      phone: orders.phone,
      email: orders.email,
      county: orders.county,
      town: orders.town,
      pickupName: orders.pickupName,
      courier: sql<string>`coalesce(${couriers.name}, '')`,
      waybill: sql<string>`coalesce(${shipments.waybill}, '')`,
      office: sql<string>`coalesce(${shipments.office}, '')`,
      collectAt: orders.collectAt,
      subtotal: orders.subtotal,
      discount: orders.discount,
      discountCode: orders.discountCode,
      deliveryFee: orders.deliveryFee,
      total: orders.total,
      revenue: orderRevenue(),
      paymentMethod: latestPayment.method,
      paymentStatus: latestPayment.status,
    })
    .from(orders)
    .leftJoinLateral(latestPayment, sql`true`)
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .leftJoin(couriers, eq(couriers.id, shipments.courierId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ paymentMethod, paymentStatus, ...row }) => ({
    ...row,
    payment: paymentMethod && paymentStatus ? { method: paymentMethod, status: paymentStatus } : null,
  }));
}

function filterCondition(filters: OrderFilters): SQL | undefined {
  return and(
    filters.status === "all" ? undefined : eq(orders.status, filters.status),
    paymentCondition(filters.payment),
    filters.from ? gte(orders.createdAt, nairobiDay(filters.from).start) : undefined,
    filters.to ? lt(orders.createdAt, nairobiDay(filters.to).end) : undefined,
    searchCondition(filters.q),
  );
}

/** Awaiting: placed, paid by nothing, never switched to pay on delivery. Refund due: money to send back. */
function paymentCondition(view: OrderFilters["payment"]): SQL | undefined {
  const any = (condition: SQL) =>
    sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and (${condition}))`;
  if (view === "refund_due") {
    return sql`exists (select 1 from ${refunds} where ${and(eq(refunds.orderId, orders.id), eq(refunds.status, "due"))})`;
  }
  if (view === "awaiting") {
    return and(
      eq(orders.status, "placed"),
      any(sql`${payments.method} in ('mpesa', 'pesapal')`),
      sql`not ${any(sql`${payments.method} = 'pay_on_delivery' or ${payments.status} = 'paid'`)}`,
    );
  }
  return undefined;
}

/**
 * What a search matches, case-insensitively and in part: the order number ('KT-7F3K9QM', '7f3k'),
 * the e-mail, and the phone however it is written ('0712 345 678', '+254712345678', '345678').
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const digits = phoneDigits(q);
  return or(ilike(orders.number, pattern), ilike(orders.email, pattern), digits ? like(orders.phone, `%${digits}%`) : undefined);
}

/** The digits of a phone-like search as stored after '+254' ('0712 345 678' -> '712345678'), or null. */
function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, "");
  if (digits.length < 4) return null;
  if (digits.startsWith("254") && digits.length > 9) return digits.slice(3);
  if (digits.startsWith("0") && digits.length === 10) return digits.slice(1);
  return digits;
}

/** The text matched literally by LIKE: its wildcards and escape character escaped. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
