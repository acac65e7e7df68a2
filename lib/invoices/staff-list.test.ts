import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/db";
import { etimsDevices, invoices, outbox } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder } from "@/lib/testing/fixtures";
import { invoiceReportKey, issueSaleInvoice } from "./issue";
import { parseInvoiceFilters, REPORT_OVERDUE_MS } from "./staff-filters";
import { invoiceAlerts, invoicesForExport, listInvoicesForStaff, retryInvoiceReport } from "./staff-list";

// eTIMS set up, as a VAT-registered shop: every invoice is queued for KRA (nothing sends it here).
// Set before anything reads the settings, which are read once.
vi.stubEnv("ETIMS_API_URL", "http://127.0.0.1:9/etims-api/");
vi.stubEnv("ETIMS_DEVICE_SERIAL", "KT-TEST-DEVICE");
vi.stubEnv("SHOP_KRA_PIN", "P051234567X");
vi.stubEnv("VAT_REGISTERED", "true");

let db: Database;
withTestDb((opened) => (db = opened));

/** A delivered pay-on-delivery sale's invoice, then moved to `issuedAt` and `state` as a test needs. */
async function issueInvoice(issuedAt: Date, state: Partial<typeof invoices.$inferInsert> = {}) {
  const order = await placeGuestOrder(db);
  const id = await db.transaction((tx) => issueSaleInvoice(tx, { orderId: order.id, paidBy: "cash" }));
  const [invoice] = await db
    .update(invoices)
    .set({ issuedAt, ...state })
    .where(eq(invoices.id, id))
    .returning();
  return { ...invoice, orderNumber: order.number };
}

const rejected = { reportState: "rejected", rejectionCode: "910", rejectionMessage: "Invalid custTin" } as const;
const filters = (params: Record<string, string>) => parseInvoiceFilters(params);

describe(`the back office's invoice list (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  beforeAll(async () => {
    await db.insert(etimsDevices).values({
      branchId: "00",
      tin: "P051234567X",
      deviceSerial: "KT-TEST-DEVICE",
      controlUnitId: "KRACU0100000001",
      communicationKey: "test-key",
    });
  });

  it("lists newest first with its amounts, order and state, and filters by Nairobi calendar days and state", async () => {
    // 23:59 on 2031-03-01 and 00:00 on 2031-03-02 in Nairobi.
    const first = await issueInvoice(new Date("2031-03-01T20:59:00Z"));
    const second = await issueInvoice(new Date("2031-03-01T21:00:00Z"), {
      reportState: "reported",
      controlUnitId: "KRACU0100000001",
      receiptNumber: 17,
    });
    const third = await issueInvoice(new Date("2031-03-03T09:00:00Z"), rejected);

    const march = await listInvoicesForStaff(db, filters({ from: "2031-03-01", to: "2031-03-03" }));
    expect(march.rows.map((row) => row.number)).toEqual([third.number, second.number, first.number]);
    expect(march.rows[1]).toMatchObject({
      kind: "sale",
      orderNumber: second.orderNumber,
      state: "reported",
      cuInvoiceNumber: "KRACU0100000001/17",
      totalCents: second.totalCents,
    });
    expect(march.rows[1].taxableCents + march.rows[1].vatCents).toBe(march.rows[1].totalCents);
    expect(march.rows[1].vatCents).toBeGreaterThan(0);
    expect(march.rows[0]).toMatchObject({ state: "rejected", rejectionCode: "910", rejectionMessage: "Invalid custTin" });

    const numbers = async (params: Record<string, string>) =>
      (await listInvoicesForStaff(db, filters(params))).rows.map((row) => row.number);
    expect(await numbers({ from: "2031-03-02", to: "2031-03-02" })).toEqual([second.number]);
    expect(await numbers({ from: "2031-03-01", to: "2031-03-01" })).toEqual([first.number]);
    // A reversed range is put right; a bad date is ignored rather than refused.
    expect(await numbers({ from: "2031-03-03", to: "2031-03-01", state: "rejected" })).toEqual([third.number]);
    expect(await numbers({ from: "2031-03-01", to: "2031-02-30", state: "pending" })).toEqual([first.number]);
    expect(await numbers({ from: "2031-03-01", to: "2031-03-03", state: "reported" })).toEqual([second.number]);

    const exported = [];
    for await (const batch of invoicesForExport(db, filters({ from: "2031-03-01", to: "2031-03-03" }), new Date(), 2)) {
      exported.push(...batch.map((row) => row.number));
    }
    expect(exported).toEqual([third.number, second.number, first.number]);
  });

  it("pages 25 at a time, and a page past the end shows the last", async () => {
    for (let minute = 0; minute < 26; minute++) await issueInvoice(new Date(Date.UTC(2031, 5, 10, 9, minute)));
    const page2 = await listInvoicesForStaff(db, filters({ from: "2031-06-10", to: "2031-06-10", page: "9" }));
    expect(page2).toMatchObject({ total: 26, page: 2, pageCount: 2 });
    expect(page2.rows).toHaveLength(1);
  });

  it("'waiting over an hour' lists invoices not reported an hour after they were issued", async () => {
    const now = new Date("2031-08-01T12:00:00Z");
    const late = await issueInvoice(new Date(now.getTime() - REPORT_OVERDUE_MS - 1000));
    await issueInvoice(new Date(now.getTime() - REPORT_OVERDUE_MS + 60_000));
    await issueInvoice(new Date(now.getTime() - 2 * REPORT_OVERDUE_MS), rejected);
    const list = await listInvoicesForStaff(db, filters({ state: "overdue", from: "2031-08-01", to: "2031-08-01" }), now);
    expect(list.rows.map((row) => row.number)).toEqual([late.number]);
  });

  it("retries a rejected invoice: back to not reported, its rejection cleared, its message due again", async () => {
    const invoice = await issueInvoice(new Date(), rejected);
    const key = invoiceReportKey(invoice);
    // What the outbox did when eTIMS rejected it: given up.
    await db
      .update(outbox)
      .set({ failedAt: new Date(), availableAt: new Date(Date.now() + 3_600_000), attempts: 1 })
      .where(eq(outbox.key, key));

    expect(await retryInvoiceReport(db, invoice.id)).toEqual({ ok: true, number: invoice.number });
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored).toMatchObject({ reportState: "pending", rejectionCode: null, rejectionMessage: null });
    const [message] = await db.select().from(outbox).where(eq(outbox.key, key));
    expect(message.failedAt).toBeNull();
    expect(message.availableAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(message.payload).toEqual({ invoiceId: invoice.id });

    // Only a rejected invoice is retried: a second click changes nothing.
    expect(await retryInvoiceReport(db, invoice.id)).toEqual({ ok: false, reason: "not_rejected" });
    expect(await retryInvoiceReport(db, 999_999)).toEqual({ ok: false, reason: "unknown_invoice" });
  });

  it("queues the report of a rejected invoice that has no message yet", async () => {
    const invoice = await issueInvoice(new Date(), rejected);
    await db.delete(outbox).where(eq(outbox.key, invoiceReportKey(invoice)));
    expect(await retryInvoiceReport(db, invoice.id)).toMatchObject({ ok: true });
    const messages = await db
      .select()
      .from(outbox)
      .where(eq(outbox.key, invoiceReportKey(invoice)));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "etims", payload: { invoiceId: invoice.id }, failedAt: null });
  });

  it("counts the dashboard's warnings: rejected invoices, and those waiting over an hour", async () => {
    const now = new Date();
    const before = await invoiceAlerts(db, now);
    await issueInvoice(new Date(now.getTime() - REPORT_OVERDUE_MS - 60_000));
    await issueInvoice(new Date(now.getTime() - 60_000));
    await issueInvoice(new Date(now.getTime() - 60_000), rejected);
    await issueInvoice(new Date(now.getTime() - 2 * REPORT_OVERDUE_MS), { reportState: "reported" });
    const after = await invoiceAlerts(db, now);
    if (before.setupProblem || after.setupProblem) throw new Error("eTIMS should be set up here");
    expect(after.rejected - before.rejected).toBe(1);
    expect(after.overdue - before.overdue).toBe(1);
  });

  it("says the device is not initialised instead of counting, while it is not", async () => {
    await db.delete(etimsDevices);
    expect(await invoiceAlerts(db)).toEqual({ receiptsOnly: false, setupProblem: "device_not_initialised", anyInvoices: true });
  });
});
