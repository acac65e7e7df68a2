import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import { requireDeliveryRate } from "@/lib/checkout/delivery-zones";
import type { Database } from "@/lib/db";
import { invoices, refunds } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { saveShopDetails } from "@/lib/shop-details/details";
import { defaultShopDetails } from "@/lib/site";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import { issueCreditNote } from "./issue";
import { invoiceSeller, KRA_RECEIPT_CHECK_URL, listOrderInvoices } from "./invoice-view";

// A VAT-registered shop with its PIN, read by lib/env.ts on first use (before any import runs).
vi.hoisted(() => {
  vi.stubEnv("VAT_REGISTERED", "true");
  vi.stubEnv("SHOP_KRA_PIN", "P051234567X");
  vi.stubEnv("SHOP_LEGAL_NAME", "Kijani Threads Limited");
});
afterAll(() => vi.unstubAllEnvs());

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };

/** A guest's pay-on-delivery order of two units at KSh 1,000, with the buyer's PIN. */
async function placeWithPin() {
  const buyer = guest();
  const {
    variantIds: [variantId],
  } = await createProduct(db, [{ price: 1000, stock: 5 }]);
  await addToCart(db, buyer, { variantId, quantity: 2 });
  const result = await placeOrder(db, {
    cartOwner: buyer,
    delivery: testDelivery,
    buyerPin: "a123456789z",
    idempotencyKey: newIdempotencyKey(),
  });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.order;
}

async function deliver(number: string) {
  for (const status of ["confirmed", "dispatched", "delivered"]) {
    const changed = await updateOrderStatus(db, { number, status, actor: staff });
    if (!changed.ok) throw new Error(JSON.stringify(changed));
  }
}

describe(`an order's invoices as the buyer reads them (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("has none before the sale, then the sale invoice as issued: the lines with delivery, VAT and the buyer's PIN", async () => {
    const order = await placeWithPin();
    expect(await listOrderInvoices(db, order.id)).toEqual([]);
    await deliver(order.number);

    const [invoice, ...others] = await listOrderInvoices(db, order.id);
    expect(others).toEqual([]);
    const fee = (await requireDeliveryRate(db, testDelivery.county)).fee * 100;
    expect(invoice).toMatchObject({
      kind: "sale",
      creditedNumber: null,
      buyerName: testDelivery.fullName,
      buyerPin: "A123456789Z",
      vatCharged: true,
      totalCents: 200000 + fee,
      report: { reported: false },
    });
    expect(invoice.lines).toEqual([
      { name: expect.stringContaining("Test Hoodie"), quantity: 2, unitPriceCents: 100000, discountCents: 0, totalCents: 200000 },
      { name: "Delivery", quantity: 1, unitPriceCents: fee, discountCents: 0, totalCents: fee },
    ]);
    // VAT is taken out of each line, to the cent: 2,000.00 carries 275.86.
    expect(invoice.vatCents).toBe(27586 + Math.round((fee * 16) / 116));
    expect(invoice.taxableCents + invoice.vatCents).toBe(invoice.totalCents);
  });

  it("shows a rejected invoice as not yet reported, and a reported one with eTIMS's answer exactly as stored", async () => {
    const order = await placeWithPin();
    await deliver(order.number);
    const [{ id }] = await listOrderInvoices(db, order.id);
    const reportAs = (values: Partial<typeof invoices.$inferInsert>) =>
      db.update(invoices).set(values).where(eq(invoices.id, id));

    await reportAs({ reportState: "rejected", rejectionCode: "910", rejectionMessage: "Bad item" });
    expect((await listOrderInvoices(db, order.id))[0].report).toEqual({ reported: false });

    const signature = "V249J39C7KQ2WRSS";
    await reportAs({
      reportState: "reported",
      controlUnitId: "KRACU0100000001",
      receiptNumber: 17,
      internalData: "ZPJ5EFNV6TCA5MKS2BDJ5MRGIE",
      receiptSignature: signature,
      rejectionCode: null,
      rejectionMessage: null,
    });
    expect((await listOrderInvoices(db, order.id))[0].report).toEqual({
      reported: true,
      receipt: {
        cuInvoiceNumber: "KRACU0100000001/17",
        internalData: "ZPJ5EFNV6TCA5MKS2BDJ5MRGIE",
        receiptSignature: signature,
        checkUrl: `${KRA_RECEIPT_CHECK_URL}P051234567X00${signature}`,
      },
    });

    // eTIMS said it already had the number: reported, with no receipt to print.
    await reportAs({ receiptNumber: null, internalData: null, receiptSignature: null });
    expect((await listOrderInvoices(db, order.id))[0].report).toEqual({ reported: true, receipt: null });
  });

  it("lists a credit note after the sale invoice it credits", async () => {
    const order = await placeWithPin();
    await deliver(order.number);
    const [refund] = await db
      .insert(refunds)
      .values({ orderId: order.id, amount: order.total, reason: "cancelled" })
      .returning({ id: refunds.id });
    await db.transaction((tx) => issueCreditNote(tx, { id: refund.id, orderId: order.id, reason: "cancelled", returnId: null }));

    const [sale, credit] = await listOrderInvoices(db, order.id);
    expect(credit).toMatchObject({ kind: "credit_note", creditedNumber: sale.number, totalCents: sale.totalCents });
    expect(credit.number).toBeGreaterThan(sale.number);
  });

  it("keeps the shop's address it was issued with when the shop's details change", async () => {
    const before = await placeWithPin();
    await deliver(before.number);
    const moved = { ...defaultShopDetails, street: "Moi Avenue, Bazaar Plaza", city: "Mombasa" };
    await saveShopDetails(db, moved, staff);
    try {
      const after = await placeWithPin();
      await deliver(after.number);
      const [issuedBefore] = await listOrderInvoices(db, before.id);
      const [issuedAfter] = await listOrderInvoices(db, after.id);
      expect(issuedBefore.sellerAddress).toBe("Kimathi Street, Jamia Towers, 3rd Floor, Nairobi, Kenya");
      expect(issuedAfter.sellerAddress).toBe("Moi Avenue, Bazaar Plaza, Mombasa, Kenya");
    } finally {
      await saveShopDetails(db, defaultShopDetails, staff);
    }
  });

  it("names the shop as its settings do", () => {
    expect(invoiceSeller()).toEqual({
      legalName: "Kijani Threads Limited",
      kraPin: "P051234567X",
    });
  });
});
