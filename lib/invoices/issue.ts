import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { returnedValue } from "@/lib/discounts/rules";
import {
  categories,
  invoiceCounters,
  invoices,
  orderLines,
  orders,
  products,
  returnLines,
  type InvoiceLineRecord,
  type RefundReason,
} from "@/lib/db/schema";
import { enqueue } from "@/lib/outbox/outbox";
import { addressLine } from "@/lib/shop-details/contact";
import { findShopDetails } from "@/lib/shop-details/details";
import { taxItem } from "@/lib/tax/items";
import { shopTaxType, summariseTax, taxLines } from "@/lib/tax/vat";
import { taxSettings } from "@/lib/tax/settings";

// Invoices are issued inside the transaction of the event that makes them due, so a sale and its
// invoice are stored together or not at all, and each is queued for eTIMS in the same breath.

/**
 * eTIMS's payment types (KRA's code list, 'Payment Type'): cash to the rider, a debit or credit card
 * (Pesapal), or mobile money (M-Pesa, Airtel Money).
 */
export const paymentTypeCodes = { cash: "01", card: "05", mobileMoney: "06" } as const;
export type PaidBy = keyof typeof paymentTypeCodes;

/**
 * The tax invoice of a sale that just happened: an M-Pesa payment received, or a pay-on-delivery
 * order delivered. Its lines are the order's, with delivery as a line of its own. Issued once per
 * order; a replayed event gets the invoice it already has.
 */
export async function issueSaleInvoice(tx: Database, sale: { orderId: number; paidBy: PaidBy }): Promise<number> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, sale.orderId), eq(invoices.kind, "sale")));
  if (existing) return existing.id;

  const [order] = await tx
    .select({ fullName: orders.fullName, buyerPin: orders.buyerPin, deliveryFee: orders.deliveryFee })
    .from(orders)
    .where(eq(orders.id, sale.orderId));
  const sold = await tx
    .select({
      id: orderLines.id,
      variantId: orderLines.variantId,
      name: sql<string>`${orderLines.productName} || ' (' || ${orderLines.variantLabel} || ')'`,
      taxClass: categories.taxClass,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      discount: orderLines.discount,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(categories, eq(categories.slug, products.category))
    .where(eq(orderLines.orderId, sale.orderId))
    .orderBy(orderLines.id);

  const { vatRegistered } = taxSettings();
  const taxType = shopTaxType(vatRegistered);
  const goods = sold.map((line) => ({
    orderLineId: line.id,
    // Only a reset of the demo catalog deletes products; such a line keeps the class it had by default.
    ...taxItem(line.taxClass ?? "tshirts", line.variantId ?? 0),
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPrice * 100,
    // VAT on the discounted price: the line's share of the discount code (lib/discounts).
    discountCents: line.discount * 100,
    taxType,
  }));
  const delivery = {
    orderLineId: null,
    ...taxItem("delivery", 0),
    name: "Delivery",
    quantity: 1,
    unitPriceCents: order.deliveryFee * 100,
    discountCents: 0,
    taxType,
  };
  const lines = taxLines(order.deliveryFee > 0 ? [...goods, delivery] : goods);
  return insertInvoice(tx, {
    kind: "sale",
    orderId: sale.orderId,
    buyerName: order.fullName,
    buyerPin: order.buyerPin,
    paymentTypeCode: paymentTypeCodes[sale.paidBy],
    vatCharged: vatRegistered,
    lines,
  });
}

/**
 * The credit note of a refund sent, against the order's sale invoice: the returned lines for a
 * return, the whole invoice for an order cancelled or sent back after it was paid. Money paid twice
 * takes back no sale, and an order never invoiced has nothing to credit. Once per refund.
 */
export async function issueCreditNote(
  tx: Database,
  refund: { id: number; orderId: number; reason: RefundReason; returnId: number | null },
): Promise<number | null> {
  if (refund.reason === "paid_twice") return null;
  const [sale] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, "sale")));
  if (!sale) return null;
  const [already] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.refundId, refund.id));
  if (already) return already.id;

  let lines = sale.lines;
  if (refund.reason === "return" && refund.returnId !== null) {
    const returned = await tx
      .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity })
      .from(returnLines)
      .where(and(eq(returnLines.returnId, refund.returnId), eq(returnLines.resolution, "refund")));
    const quantities = new Map(returned.map((line) => [line.orderLineId, line.quantity]));
    lines = sale.lines
      .filter((line) => line.orderLineId !== null && quantities.has(line.orderLineId))
      .map((line) => {
        const returned = quantities.get(line.orderLineId!)!;
        const unitPrice = line.unitPriceCents / 100;
        const value = returnedValue({ unitPrice, quantity: line.quantity, discount: line.discountCents / 100 }, returned);
        return { ...line, quantity: returned, discountCents: (unitPrice * returned - value) * 100 };
      });
  }
  if (lines.length === 0) return null;
  return insertInvoice(tx, {
    kind: "credit_note",
    orderId: refund.orderId,
    originalInvoiceId: sale.id,
    refundId: refund.id,
    buyerName: sale.buyerName,
    buyerPin: sale.buyerPin,
    paymentTypeCode: sale.paymentTypeCode,
    vatCharged: sale.vatCharged,
    lines: taxLines(lines),
  });
}

type NewInvoice = Omit<
  typeof invoices.$inferInsert,
  "branchId" | "number" | "taxableCents" | "vatCents" | "totalCents" | "sellerAddress"
> & {
  lines: InvoiceLineRecord[];
};

/**
 * Takes the branch's next number (the counter's row lock orders concurrent sales), stores the invoice
 * with the shop's address as it prints today, and queues its report.
 */
async function insertInvoice(tx: Database, invoice: NewInvoice): Promise<number> {
  const { branchId } = taxSettings();
  await tx.insert(invoiceCounters).values({ branchId, lastNumber: 0 }).onConflictDoNothing();
  const [{ number }] = await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
    .where(eq(invoiceCounters.branchId, branchId))
    .returning({ number: invoiceCounters.lastNumber });
  const { taxableCents, vatCents, totalCents } = summariseTax(invoice.lines);
  const sellerAddress = addressLine(await findShopDetails(tx));
  const [stored] = await tx
    .insert(invoices)
    .values({ ...invoice, branchId, number, taxableCents, vatCents, totalCents, sellerAddress })
    .returning({ id: invoices.id });
  if (taxSettings().reportsToKra) await queueInvoiceReport(tx, { id: stored.id, branchId, number });
  return stored.id;
}

/**
 * Queues an invoice's report to eTIMS. Keyed by its number, so queuing it again (a retry, or
 * `npm run etims -- init` catching up on invoices issued before eTIMS was set up) sends it once.
 */
export async function queueInvoiceReport(tx: Database, invoice: { id: number; branchId: string; number: number }) {
  await enqueue(tx, "etims", invoiceReportKey(invoice), { invoiceId: invoice.id });
}

/** The outbox key of an invoice's report: its branch and number, which eTIMS holds once. */
export function invoiceReportKey(invoice: { branchId: string; number: number }): string {
  return `etims-invoice:${invoice.branchId}:${invoice.number}`;
}
