import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { insertOrders, type OrderSpec } from "@/lib/testing/orders";
import { defaultOrderFilters, type OrderFilters } from "./staff-filters";
import { listOrdersForStaff, ORDERS_PER_PAGE, ordersForExport } from "./staff-list";

let db: Database;
withTestDb((opened) => (db = opened));

const filters = (overrides: Partial<OrderFilters>): OrderFilters => ({ ...defaultOrderFilters, ...overrides });
const minutes = (n: number) => n * 60_000;

/** Orders of one test, all on one day of their own (a Nairobi date far from the others'), returned oldest first. */
async function ordersOn(date: string, specs: OrderSpec[]) {
  const start = new Date(`${date}T06:00:00+03:00`).getTime();
  const inserted = await insertOrders(
    db,
    specs.map((spec, index) => ({ createdAt: new Date(start + minutes(index)), ...spec })),
  );
  return { numbers: inserted.map((order) => order.number), day: filters({ from: date, to: date }) };
}

describe(`the back office's order list (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("lists orders newest first, 25 a page, with the total and the page count", async () => {
    const { numbers, day } = await ordersOn(
      "2031-01-10",
      Array.from({ length: 60 }, () => ({})),
    );
    const newestFirst = [...numbers].reverse();

    const first = await listOrdersForStaff(db, day);
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 3 });
    expect(first.rows.map((row) => row.number)).toEqual(newestFirst.slice(0, ORDERS_PER_PAGE));

    const last = await listOrdersForStaff(db, { ...day, page: 3 });
    expect(last.rows.map((row) => row.number)).toEqual(newestFirst.slice(50));

    // Past the end: the last page, said so.
    const beyond = await listOrdersForStaff(db, { ...day, page: 40 });
    expect(beyond).toMatchObject({ page: 3, pageCount: 3 });
    expect(beyond.rows.map((row) => row.number)).toEqual(newestFirst.slice(50));
  });

  it("breaks ties in time by the newer id", async () => {
    const at = new Date("2031-01-11T09:00:00+03:00");
    const { numbers } = await ordersOn("2031-01-11", [{ createdAt: at }, { createdAt: at }, { createdAt: at }]);
    const list = await listOrdersForStaff(db, filters({ from: "2031-01-11", to: "2031-01-11" }));
    expect(list.rows.map((row) => row.number)).toEqual([...numbers].reverse());
  });

  it("shows each order's customer, county, total, status and latest payment", async () => {
    const { numbers, day } = await ordersOn("2031-01-12", [
      {
        fullName: "Wanjiru Mwangi",
        county: "Kiambu",
        subtotal: 3000,
        deliveryFee: 450,
        status: "confirmed",
        payments: [
          { method: "mpesa", status: "failed" },
          { method: "mpesa", status: "paid" },
        ],
      },
    ]);
    const [row] = (await listOrdersForStaff(db, day)).rows;
    expect(row).toMatchObject({
      number: numbers[0],
      fullName: "Wanjiru Mwangi",
      county: "Kiambu",
      total: 3450,
      status: "confirmed",
      payment: { method: "mpesa", status: "paid" },
    });
    expect(row.createdAt).toEqual(new Date("2031-01-12T06:00:00+03:00"));
  });

  it("shows one status at a time on its tab", async () => {
    const { numbers, day } = await ordersOn("2031-01-13", [
      { status: "placed" },
      { status: "cancelled" },
      { status: "placed" },
      { status: "dispatched" },
    ]);
    const tab = async (status: OrderFilters["status"]) =>
      (await listOrdersForStaff(db, { ...day, status })).rows.map((row) => row.number);
    expect(await tab("placed")).toEqual([numbers[2], numbers[0]]);
    expect(await tab("cancelled")).toEqual([numbers[1]]);
    expect(await tab("dispatched")).toEqual([numbers[3]]);
    expect(await tab("delivered")).toEqual([]);
    expect(await tab("all")).toEqual([...numbers].reverse());
    expect((await listOrdersForStaff(db, { ...day, status: "delivered" })).pageCount).toBe(1);
  });

  it("finds orders by number, phone or e-mail, whole or in part, whatever the case", async () => {
    const { numbers } = await ordersOn("2031-01-14", [
      { phone: "+254733111222", email: "Njeri.Kariuki@Example.com" },
      { phone: "+254733999888", email: "otieno@example.org" },
    ]);
    const found = async (q: string) => (await listOrdersForStaff(db, filters({ q }))).rows.map((row) => row.number);
    expect(await found(numbers[0])).toEqual([numbers[0]]);
    expect(await found(numbers[0].toLowerCase())).toEqual([numbers[0]]);
    expect(await found(numbers[1].slice(3))).toEqual([numbers[1]]);
    for (const phone of ["0733 111 222", "0733111222", "+254 733 111 222", "254733111222", "111 222", "733-111-222"]) {
      expect(await found(phone), phone).toEqual([numbers[0]]);
    }
    expect(await found("njeri.kariuki@example.com")).toEqual([numbers[0]]);
    expect(await found("otieno@EXAMPLE.ORG")).toEqual([numbers[1]]);
    expect(await found("KT-0000000")).toEqual([]);
  });

  it("takes LIKE's wildcards in a search literally", async () => {
    const { numbers } = await ordersOn("2031-01-15", [
      { email: "under_score%@example.com" },
      { email: "underXscore@example.com" },
    ]);
    const found = async (q: string) => (await listOrdersForStaff(db, filters({ q }))).rows.map((row) => row.number);
    expect(await found("under_score%")).toEqual([numbers[0]]);
    expect(await found("%")).toEqual([numbers[0]]);
    expect(await found("\\")).toEqual([]);
  });

  it("keeps to Nairobi calendar days in a date range", async () => {
    // 23:59 and 00:00 in Nairobi are 20:59 and 21:00 UTC.
    const [lateOn16, earlyOn17, lateOn17, earlyOn18] = await insertOrders(db, [
      { createdAt: new Date("2031-01-16T20:59:59Z") },
      { createdAt: new Date("2031-01-16T21:00:00Z") },
      { createdAt: new Date("2031-01-17T20:59:59.999Z") },
      { createdAt: new Date("2031-01-17T21:00:00Z") },
    ]);
    const numbers = async (range: Partial<OrderFilters>) =>
      (await listOrdersForStaff(db, filters(range))).rows.map((row) => row.number);
    expect(await numbers({ from: "2031-01-17", to: "2031-01-17" })).toEqual([lateOn17.number, earlyOn17.number]);
    expect(await numbers({ from: "2031-01-16", to: "2031-01-16" })).toEqual([lateOn16.number]);
    expect(await numbers({ from: "2031-01-18", to: "2031-01-18" })).toEqual([earlyOn18.number]);
    expect(await numbers({ from: "2031-01-17", to: "2031-01-18" })).toEqual([
      earlyOn18.number,
      lateOn17.number,
      earlyOn17.number,
    ]);
    // An open-ended range.
    expect((await numbers({ to: "2031-01-16" })).slice(0, 1)).toEqual([lateOn16.number]);
    expect((await numbers({ from: "2031-01-18" })).at(-1)).toBe(earlyOn18.number);
  });

  it("combines the tab, the search and the dates", async () => {
    const { numbers, day } = await ordersOn("2031-01-19", [
      { status: "placed", email: "combo@example.com" },
      { status: "confirmed", email: "combo@example.com" },
      { status: "placed", email: "other@example.com" },
    ]);
    const list = await listOrdersForStaff(db, { ...day, status: "placed", q: "combo@" });
    expect(list.rows.map((row) => row.number)).toEqual([numbers[0]]);
    expect(list.total).toBe(1);
  });

  it("exports every selected order, newest first, in batches that neither repeat nor skip", async () => {
    // Several orders in one microsecond-precise instant, so the batches' cursor needs the exact time and the id.
    const at = new Date("2031-01-20T10:00:00.123+03:00");
    const { numbers, day } = await ordersOn("2031-01-20", [
      ...Array.from({ length: 5 }, () => ({})),
      { createdAt: at },
      { createdAt: at },
      { createdAt: at },
      ...Array.from({ length: 4 }, (_, index) => ({ createdAt: new Date(at.getTime() + minutes(index + 1)) })),
    ]);
    await db.execute(
      sql`update orders set created_at = created_at + interval '456 microseconds' where number in (${numbers[6]}, ${numbers[7]})`,
    );
    const expected = (await listOrdersForStaff(db, day)).rows.map((row) => row.number);
    expect(expected).toHaveLength(12);

    const batches: string[][] = [];
    for await (const batch of ordersForExport(db, day, 5)) batches.push(batch.map((row) => row.number));
    expect(batches.map((batch) => batch.length)).toEqual([5, 5, 2]);
    expect(batches.flat()).toEqual(expected);

    const placed: string[] = [];
    for await (const batch of ordersForExport(db, { ...day, status: "cancelled" }))
      placed.push(...batch.map((row) => row.number));
    expect(placed).toEqual([]);
  });

  it("shows the orders awaiting M-Pesa payment, and those with a refund due", async () => {
    const mpesa = (status: "pending" | "failed" | "paid") => ({ method: "mpesa" as const, status });
    const { numbers, day } = await ordersOn("2031-05-20", [
      { payments: [mpesa("pending")] },
      { payments: [mpesa("failed")] },
      { payments: [mpesa("failed"), mpesa("paid")] },
      { payments: [mpesa("failed"), { method: "pay_on_delivery", status: "pending" }] },
      { payments: [{ method: "pay_on_delivery", status: "pending" }] },
      { status: "cancelled", payments: [mpesa("paid")], refunds: [{ reason: "cancelled" }] },
      { status: "cancelled", payments: [mpesa("pending")] },
      { status: "cancelled", payments: [mpesa("paid")], refunds: [{ reason: "cancelled", recordedAt: new Date() }] },
    ]);
    const awaiting = await listOrdersForStaff(db, { ...day, payment: "awaiting" });
    expect(awaiting.rows.map((row) => row.number).sort()).toEqual([numbers[0], numbers[1]].sort());
    const refundDue = await listOrdersForStaff(db, { ...day, payment: "refund_due" });
    expect(refundDue.rows.map((row) => row.number)).toEqual([numbers[5]]);
  });
});
