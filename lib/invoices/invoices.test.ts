import { eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startEtimsSimulator } from "@/scripts/etims-simulator/server";
import type { Database } from "@/lib/db";
import { addToCart } from "@/lib/cart/lines";
import { invoices, outbox, variants } from "@/lib/db/schema";
import { listActivePickupPoints } from "@/lib/checkout/pickup-points";
import type { CategoryInput } from "@/lib/catalog/category-input";
import { listStaffCategories } from "@/lib/catalog/category-queries";
import { updateCategory } from "@/lib/catalog/manage-categories";
import { outboxSender } from "@/lib/dispatch/senders";
import { initialiseDevice } from "@/lib/etims/device";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { recordRefund } from "@/lib/payments/refunds";
import { withTestDb } from "@/lib/testing/db";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { createProduct, guest, placeGuestOrder, receiveReturnOfOneUnit, testDelivery } from "@/lib/testing/fixtures";

// Invoices issued by the shop's own events and reported to the eTIMS simulator, as a VAT-registered shop.
const etims = await startEtimsSimulator();
vi.stubEnv("VAT_REGISTERED", "true");
vi.stubEnv("SHOP_KRA_PIN", "P051234567X");
vi.stubEnv("ETIMS_API_URL", etims.apiUrl);
vi.stubEnv("ETIMS_DEVICE_SERIAL", "KT-SIM-0001");
afterAll(() => etims.close());

let db: Database;
withTestDb((opened) => (db = opened));
// The simulator keeps its sales and items between tests (as KRA does); the tests tell their invoices apart by number.

const staffMember = { id: null, label: "staff@kijanithreads.test" };

/** A guest's pay-on-delivery order taken to delivered: the sale. */
async function deliveredOrder(quantity = 2) {
  return deliver(await placeGuestOrder(db, quantity));
}

async function deliver<Order extends { number: string }>(order: Order): Promise<Order> {
  for (const status of ["confirmed", "dispatched", "delivered"])
    await updateOrderStatus(db, { number: order.number, status, actor: staffMember });
  return order;
}

const invoicesOf = (orderId: number) => db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
const deliverReports = () => deliverDueMessages(db, outboxSender(db));
/** Makes every unsent eTIMS message due now, as if its backoff had passed. */
const skipBackoff = () =>
  db
    .update(outbox)
    .set({ availableAt: new Date(0) })
    .where(like(outbox.key, "etims-invoice:%"));

describe(`tax invoices (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("has the device initialised once; a second init is harmless", async () => {
    expect(await initialiseDevice(db)).toMatchObject({ ok: true, controlUnitId: expect.stringMatching(/^KRACU/) });
    expect(await initialiseDevice(db)).toMatchObject({ ok: true });
  });

  it("issues nothing before the sale, then one invoice on delivery with VAT per line and delivery as a line", async () => {
    const order = await placeGuestOrder(db, 2);
    await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staffMember });
    expect(await invoicesOf(order.id)).toEqual([]);
    await updateOrderStatus(db, { number: order.number, status: "dispatched", actor: staffMember });
    await updateOrderStatus(db, { number: order.number, status: "delivered", actor: staffMember });

    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ kind: "sale", paymentTypeCode: "01", vatCharged: true, reportState: "pending" });
    expect(invoice.totalCents).toBe(order.total * 100);
    expect(invoice.lines.map((line) => line.name)).toEqual([expect.stringContaining(order.lines[0].productName), "Delivery"]);
    expect(invoice.lines.every((line) => line.taxType === "B")).toBe(true);
    const delivery = invoice.lines[1];
    expect(delivery.totalCents).toBe(order.deliveryFee * 100);
    expect(delivery.vatCents).toBe(Math.round((order.deliveryFee * 100 * 16) / 116));
    expect(invoice.vatCents).toBe(invoice.lines.reduce((sum, line) => sum + line.vatCents, 0));
  });

  it("leaves delivery off the invoice of a free pickup order: no zero-amount line for eTIMS to refuse", async () => {
    const buyer = guest();
    const { variantIds } = await createProduct(db, [{ stock: 5 }]);
    await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
    const [studio] = await listActivePickupPoints(db);
    const placed = await placeOrder(db, {
      cartOwner: buyer,
      delivery: { ...testDelivery, fulfilment: "pickup", pickupPoint: String(studio.id) },
      idempotencyKey: newIdempotencyKey(),
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(placed.order.deliveryFee).toBe(0);
    for (const status of ["confirmed", "ready_for_pickup", "delivered"] as const)
      await updateOrderStatus(db, { number: placed.order.number, status, actor: staffMember });

    const [invoice] = await invoicesOf(placed.order.id);
    expect(invoice.lines.map((line) => line.name)).toEqual([expect.stringContaining(placed.order.lines[0].productName)]);
    expect(invoice.lines.every((line) => line.totalCents > 0)).toBe(true);
    expect(invoice.totalCents).toBe(placed.order.total * 100);
  });

  it("reports a sale once: registered items, then the invoice, with the control unit's answer stored", async () => {
    const order = await deliveredOrder();
    await deliverReports();
    const [invoice] = await invoicesOf(order.id);
    const [sale] = etims.sales().filter((record) => record.invcNo === invoice.number);
    expect(invoice).toMatchObject({ reportState: "reported", receiptSignature: expect.any(String) });
    expect(invoice.receiptSignature).toBe((sale.answer.data as { rcptSign: string }).rcptSign);
    expect(invoice.controlUnitId).toMatch(/^KRACU/);
    expect(etims.items().map((item) => item.itemCd)).toEqual(expect.arrayContaining(invoice.lines.map((line) => line.itemCode)));

    // The same message again (a crash before it was marked sent): eTIMS keeps one sale, the first answer stays.
    await db
      .update(outbox)
      .set({ sentAt: null, availableAt: new Date(0) })
      .where(like(outbox.key, `etims-invoice:%:${invoice.number}`));
    await deliverReports();
    expect(etims.sales().filter((record) => record.invcNo === invoice.number)).toHaveLength(1);
    expect((await invoicesOf(order.id))[0].receiptSignature).toBe(invoice.receiptSignature);
  });

  it("registers an item before its first sale, and again only when its price changes", async () => {
    const { variantIds } = await createProduct(db, [{ price: 1000, stock: 5 }]);
    const sell = async () => {
      const buyer = guest();
      await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
      const placed = await placeOrder(db, { cartOwner: buyer, delivery: testDelivery, idempotencyKey: newIdempotencyKey() });
      if (!placed.ok) throw new Error(JSON.stringify(placed));
      for (const status of ["confirmed", "dispatched", "delivered"])
        await updateOrderStatus(db, { number: placed.order.number, status, actor: staffMember });
      await deliverReports();
    };
    const registered = () => etims.items().find((item) => item.itemCd === `KE2NTU${String(variantIds[0]).padStart(7, "0")}`);
    await sell();
    await sell();
    expect(registered()).toMatchObject({ saves: 1, item: { dftPrc: 1000, taxTyCd: "B" } });
    await db.update(variants).set({ price: 1200 }).where(eq(variants.id, variantIds[0]));
    await sell();
    expect(registered()).toMatchObject({ saves: 2, item: { dftPrc: 1200 } });
  });

  it("waits while eTIMS is down and reports once when it is back", async () => {
    const order = await deliveredOrder();
    etims.setDown(true);
    expect(await deliverReports()).toMatchObject({ failed: 1 });
    expect((await invoicesOf(order.id))[0].reportState).toBe("pending");
    etims.setDown(false);
    await skipBackoff();
    await deliverReports();
    const [invoice] = await invoicesOf(order.id);
    expect(invoice.reportState).toBe("reported");
    expect(etims.sales().filter((record) => record.invcNo === invoice.number)).toHaveLength(1);
  });

  it("keeps a rejection with its code and stops retrying it", async () => {
    const order = await deliveredOrder();
    etims.rejectNext("910", "Request parameter error: custTin");
    await deliverReports();
    const [rejected] = await invoicesOf(order.id);
    expect(rejected).toMatchObject({
      reportState: "rejected",
      rejectionCode: "910",
      rejectionMessage: expect.stringContaining("custTin"),
    });
    const [message] = await db
      .select()
      .from(outbox)
      .where(like(outbox.key, `etims-invoice:%:${rejected.number}`));
    expect(message.failedAt).not.toBeNull();
    await skipBackoff();
    await deliverReports();
    expect((await invoicesOf(order.id))[0].reportState).toBe("rejected");
  });

  it("credits a return's lines against the sale invoice, and reports the credit note", async () => {
    const order = await deliveredOrder(2);
    await deliverReports();
    const refund = await receiveReturnOfOneUnit(db, order.id, staffMember);
    expect(await recordRefund(db, { refundId: refund.id, method: "cash", reference: null, actor: staffMember })).toEqual({
      ok: true,
    });

    const [sale, credit] = await invoicesOf(order.id);
    expect(credit).toMatchObject({ kind: "credit_note", originalInvoiceId: sale.id, refundId: refund.id });
    expect(credit.lines).toHaveLength(1);
    expect(credit.lines[0]).toMatchObject({ quantity: 1, itemCode: sale.lines[0].itemCode });
    expect(credit.totalCents).toBe(refund.amount * 100);
    expect(credit.number).toBeGreaterThan(sale.number);
    await deliverReports();
    const reported = etims.sales().find((record) => record.invcNo === credit.number);
    expect(reported).toMatchObject({ rcptTyCd: "R", request: expect.objectContaining({ orgInvcNo: sale.number }) });
  });

  it("numbers invoices without gaps or repeats when sales happen at once", async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => placeGuestOrder(db, 1)));
    for (const order of orders) {
      await updateOrderStatus(db, { number: order.number, status: "confirmed", actor: staffMember });
      await updateOrderStatus(db, { number: order.number, status: "dispatched", actor: staffMember });
    }
    const before = await db.select({ number: invoices.number }).from(invoices);
    await Promise.all(
      orders.map((order) => updateOrderStatus(db, { number: order.number, status: "delivered", actor: staffMember })),
    );
    const numbers = (await db.select({ number: invoices.number }).from(invoices)).map((row) => row.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: before.length + 8 }, (_, index) => index + 1));
  });

  it("describes goods by their category's tax class, which staff choose and a new address does not change", async () => {
    const hoodies = (await listStaffCategories(db)).find((category) => category.slug === "hoodies")!;
    const { name, description, kind, taxClass, kidsSizes, adultSizes } = hoodies;
    const saveHoodies = (changes: Partial<CategoryInput>) =>
      updateCategory(db, hoodies.id, { name, description, kind, taxClass, kidsSizes, adultSizes, slug: "hoodies", ...changes });
    const classOfFirstLine = async (order: { id: number }) => (await invoicesOf(order.id))[0].lines[0].classCode;
    const [renamed, reclassed] = [await placeGuestOrder(db, 1), await placeGuestOrder(db, 1)];
    try {
      expect(await saveHoodies({ slug: "sweaters" })).toEqual({ ok: true });
      expect(await classOfFirstLine(await deliver(renamed))).toBe("5310180000");
      expect(await saveHoodies({ slug: "sweaters", taxClass: "trashbags" })).toEqual({ ok: true });
      expect(await classOfFirstLine(await deliver(reclassed))).toBe("4712170100");
    } finally {
      expect(await saveHoodies({})).toEqual({ ok: true });
    }
  });
});
