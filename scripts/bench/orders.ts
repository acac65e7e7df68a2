// The back office's order list with 10,000 orders in a scratch database: listOrdersForStaff() (the
// query behind /admin/orders: one page of rows plus the count) for the first page of "All", a status
// tab, a search by e-mail, by phone and by order number, and a week's date range; one call at a time,
// `BENCH_ORDERS_RUNS` (200) calls per row after a warm-up, on the embedded database (and on
// PostgreSQL when DATABASE_URL is set, as scripts/bench/search.ts does). Target: p95 ≤ 200 ms.
// Run alone with `npx tsx scripts/bench/orders.ts`; `npm run bench` runs it after search
// (BENCH_SKIP_ORDERS=1 leaves it out).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { COUNTIES } from "@/lib/checkout/counties";
import { connect } from "@/lib/db";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "@/lib/db/schema";
import { parseOrderFilters } from "@/lib/orders/staff-filters";
import { listOrdersForStaff } from "@/lib/orders/staff-list";
import { insertOrders, type OrderSpec } from "@/lib/testing/orders";
import { nairobiDate } from "@/lib/time/nairobi";
import { onScratchPostgres, percentiles } from "./measure";

const orderCount = 10_000;
const runs = Number(process.env.BENCH_ORDERS_RUNS ?? 200);
const targetP95Ms = 200;

type Figure = { what: string; database: string; orders: number; rows: number; p50: number; p95: number };

/** Runs the order list benchmark, prints its table against the target, returns the figures. */
export async function benchOrders(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-orders-"));
  try {
    figures.push(...(await benchList("embedded", { dataDir, url: "" })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    figures.push(...(await onScratchPostgres(process.env.DATABASE_URL, "orders", (url) => benchList("PostgreSQL", { url }))));
  }
  printFigures(figures);
  return figures;
}

async function benchList(database: string, where: { dataDir?: string; url?: string }): Promise<Figure[]> {
  const connection = await connect(where);
  try {
    await connection.prepare(seedIfEmpty);
    console.log(`Seeding ${orderCount.toLocaleString("en")} orders (${database})…`);
    const specs = benchOrderSpecs(orderCount, new Date());
    const inserted = await insertOrders(connection.db, specs);

    // Searches for orders spread over the table (not only the newest), a different one each call.
    const someOrders = Array.from({ length: 50 }, (_, index) => ({ ...inserted[index * 197], spec: specs[index * 197] }));
    const weekAgo = nairobiDate(new Date(Date.now() - 7 * 86_400_000));
    const cases: { what: string; queries: string[] }[] = [
      { what: "All, page 1", queries: [""] },
      { what: "tab Placed, page 1", queries: ["status=placed"] },
      { what: "tab Delivered, page 1", queries: ["status=delivered"] },
      { what: "search e-mail", queries: someOrders.map((order) => `q=${encodeURIComponent(order.spec.email!)}`) },
      { what: "search phone", queries: someOrders.map((order) => `q=${encodeURIComponent(localPhone(order.spec.phone!))}`) },
      { what: "search order number", queries: someOrders.map((order) => `q=${order.number}`) },
      { what: "last 7 days, page 2", queries: [`from=${weekAgo}&page=2`] },
    ];

    const figures: Figure[] = [];
    for (const { what, queries } of cases) {
      const list = (query: string) => listOrdersForStaff(connection.db, parseOrderFilters(new URLSearchParams(query)));
      const first = await list(queries[0]);
      if (what.startsWith("search") && first.total < 1) throw new Error(`${what} found nothing for ${queries[0]}`);
      const latencies = await measure(list, queries);
      figures.push({ what, database, orders: orderCount, rows: first.total, ...percentiles(latencies) });
    }
    return figures;
  } finally {
    await connection.close();
  }
}

/**
 * A shop's last 120 days: orders at random times, most delivered, the newest still moving;
 * a third paid by M-Pesa (some after a failed attempt), the rest on delivery.
 */
function benchOrderSpecs(count: number, now: Date): OrderSpec[] {
  const random = seededRandom(727);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  return Array.from({ length: count }, (_, index) => {
    const ageDays = random() * 120;
    const status: OrderStatus =
      ageDays < 1
        ? pick(["placed", "placed", "confirmed", "cancelled"] as const)
        : ageDays < 4
          ? pick(["confirmed", "dispatched", "delivered", "cancelled"] as const)
          : pick(["delivered", "delivered", "delivered", "delivered", "cancelled"] as const);
    const mpesa = random() < 0.33;
    const payments: { method: PaymentMethod; status: PaymentStatus }[] = mpesa
      ? random() < 0.2
        ? [
            { method: "mpesa", status: "failed" },
            { method: "mpesa", status: "paid" },
          ]
        : [{ method: "mpesa", status: "paid" }]
      : [
          {
            method: "pay_on_delivery",
            status: status === "delivered" ? "paid" : status === "cancelled" ? "cancelled" : "pending",
          },
        ];
    return {
      createdAt: new Date(now.getTime() - ageDays * 86_400_000),
      status,
      fullName: `${pick(["Achieng", "Wanjiru", "Kamau", "Otieno", "Chebet", "Baraka", "Njeri"])} ${pick(["Otieno", "Mwangi", "Njoroge", "Kariuki", "Kiprop", "Wekesa"])}`,
      phone: `+2547${String(10_000_000 + index * 7919).slice(-8)}`,
      email: `shopper-${index}-${Math.floor(random() * 1e6)}@example.com`,
      county: pick(COUNTIES),
      subtotal: 500 + Math.floor(random() * 40) * 100,
      deliveryFee: pick([200, 450]),
      payments,
    };
  });
}

/** Calls `call` with each query in turn: a warm-up round, then `runs` timed calls; latencies in ms. */
async function measure(call: (query: string) => Promise<unknown>, queries: string[]): Promise<number[]> {
  for (const query of queries.slice(0, 10)) await call(query);
  const latencies: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await call(queries[index % queries.length]);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** '+254712345678' -> '0712 345 678', as staff would type it. */
const localPhone = (phone: string) => `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;

/** A repeatable pseudo-random sequence (mulberry32), so every run seeds the same shop. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function printFigures(figures: Figure[]) {
  console.log(`\nOrder list (listOrdersForStaff: a page of 25 and the count), ${runs} calls per row, one at a time (ms)`);
  console.table(
    figures.map(({ what, database, orders, rows, p50, p95 }) => ({
      list: what,
      database,
      orders,
      "orders selected": rows,
      "p50 ms": p50,
      "p95 ms": p95,
      [`p95 ≤ ${targetP95Ms} ms`]: p95 <= targetP95Ms ? "met" : "MISSED",
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await benchOrders();
