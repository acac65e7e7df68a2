// `npm run bench -- flash-sale`: a campaign link brings FLASH_SHOPPERS (300) shoppers at once to
// one product with FLASH_UNITS (50) units of its one variant, on two instances of the built shop
// behind nginx on one PostgreSQL server (DATABASE_URL; the bench uses a scratch database beside it).
// Each opens the link, views the product, adds it to the cart and checks out paying on delivery.
// Nine in ten add to the cart and place the order as the pages' script does (phones run it); the
// tenth posts the forms without JavaScript, gets each page back and has the fee quoted first.
// It reports orders, units sold, refusals, errors, latencies and each instance's peak memory, and
// fails unless exactly min(units, shoppers) units are sold with no error. Ports: FLASH_PORT (3430)
// for nginx and the next two for the instances. FLASH_TIMEOUT_MS (20000): how long a shopper waits
// for each answer; CI's correctness run, on a machine shared with other tests, waits longer.
// FLASH_ARRIVAL_SECONDS spreads the shoppers' arrival evenly over that many seconds (0: all at once).
// FLASH_PREVIEW=1 has the link previewed before the rush, as chat apps do when it is posted (else a cold start).
// FLASH_KEEP_LOGS=1 keeps the logs of a correct run too: nginx's says, per request, what the page
// cache did and how long the answer and the instance took.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import { cartMessages } from "@/lib/cart/rules";
import { insertProducts } from "@/lib/catalog/seed";
import { connect } from "@/lib/db";
import { orderLines, products, variants } from "@/lib/db/schema";
import { campaignLinkPath, createCampaign } from "@/lib/marketing/campaigns";
import { requireDeliveryRate } from "@/lib/checkout/delivery-zones";
import { chargedRate, fulfilmentQuote } from "@/lib/checkout/fulfilment-fee";
import { findFreeDeliveryThreshold } from "@/lib/checkout/pickup-points";
import { placeOrderMessages } from "@/lib/orders/place-order";
import { sharedInstanceEnv, startBehindNginx } from "../instances/cluster";
import { refuseBusyPorts } from "../instances/ports";
import { ensureBuild } from "../instances/server";
import { Shopper, shopperCounty } from "../instances/shopper";
import { onScratchPostgres } from "./measure";

const shoppers = Number(process.env.FLASH_SHOPPERS ?? 300);
const units = Number(process.env.FLASH_UNITS ?? 50);
const port = Number(process.env.FLASH_PORT ?? 3430);
const timeoutMs = Number(process.env.FLASH_TIMEOUT_MS ?? 20_000);
const preview = process.env.FLASH_PREVIEW === "1";
const arrivalSeconds = Number(process.env.FLASH_ARRIVAL_SECONDS ?? 0);
const slug = "flash-sale-tee";
const salePrice = 1500;

type Outcome = "ordered" | "sold out at the cart" | "sold out at the checkout" | "error";

export async function benchFlashSale(databaseUrl: string): Promise<boolean> {
  await refuseBusyPorts([port, port + 1, port + 2], "FLASH_PORT");
  ensureBuild();
  return onScratchPostgres(databaseUrl, "flash", (url) => run(url));
}

async function run(url: string): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-flash-"));
  const proxyUrl = `http://127.0.0.1:${port}`;
  const shared = sharedInstanceEnv(proxyUrl, url);
  let stopCluster = async () => {};
  try {
    const { code, deliveryQuote } = await prepare(url);
    const cluster = await startBehindNginx(port, shared, dir);
    stopCluster = cluster.stop;
    const { instances } = cluster;
    const memory = instances.map((instance) => sampleMemory(instance.process.pid!));
    const pageMs: number[] = [];
    const linkMs: number[] = [];
    const cartMs: number[] = [];
    const checkoutMs: number[] = [];
    const refusals = new Map<string, number>();
    const errors = new Map<string, number>();
    if (preview) await previewLink(proxyUrl, code);
    const arrival = arrivalSeconds > 0 ? `arriving over ${arrivalSeconds} s` : "at once";
    console.log(`\nFlash sale: ${shoppers} shoppers ${arrival} for ${units} units, two instances behind nginx on PostgreSQL.`);
    console.log(preview ? "The link was previewed first, as a chat app does when it is posted." : "No preview: a cold start.");
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: shoppers }, (_, index) =>
        shop(new Shopper(proxyUrl, { timeoutMs }), { code, deliveryQuote }, index, {
          pageMs,
          linkMs,
          cartMs,
          checkoutMs,
          refusals,
          errors,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const peaks = memory.map((sampler) => sampler.stop());
    const sold = await unitsSold(url);
    const count = (outcome: Outcome) => outcomes.filter((candidate) => candidate === outcome).length;
    const expected = Math.min(units, shoppers);
    console.table({
      "orders accepted": count("ordered"),
      "units sold (stored)": sold,
      "refused at the cart": count("sold out at the cart"),
      "refused at the checkout": count("sold out at the checkout"),
      errors: count("error"),
      "rush (s)": Number(seconds.toFixed(1)),
    });
    for (const [message, times] of refusals) console.log(`Refusal (${times}×): ${message}`);
    for (const [reason, times] of errors) console.log(`Error (${times}×): ${reason}`);
    console.table({
      "product page, through the link (ms)": stats(pageMs),
      "  of which the link's redirect (ms)": stats(linkMs),
      "add to cart (ms)": stats(cartMs),
      "checkout (ms)": stats(checkoutMs),
    });
    console.table(Object.fromEntries(peaks.map((peak, index) => [`instance ${index + 1} peak RSS (MB)`, peak])));
    const correct = sold === expected && count("ordered") === expected && count("error") === 0;
    console.log(correct ? `Correct: exactly ${expected} sold, no errors.` : `WRONG: expected ${expected} sold and no errors.`);
    if (correct && !process.env.FLASH_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
    else console.error(`The instances' and nginx's logs are in ${dir}`);
    return correct;
  } finally {
    await stopCluster();
  }
}

/**
 * Migrates the scratch database, adds the sale's product and its campaign link; the link's code and
 * the fee the checkout's script shows for one unit to the shoppers' county.
 */
async function prepare(url: string): Promise<{ code: string; deliveryQuote: string }> {
  const connection = await connect({ url });
  try {
    const { db } = connection;
    await connection.prepare();
    await insertProducts(db, [
      {
        slug,
        name: "Flash Sale Tee",
        description: "One design, a few units, everyone at once.",
        category: "tshirts",
        images: ["/images/products/plain-organic-cotton-tee.svg"],
        variants: [{ size: "M", colour: "White", price: salePrice, stock: units }],
      },
    ]);
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
    const target = { kind: "product" as const, productId: product.id };
    const created = await createCampaign(db, { name: "flash-sale", source: "whatsapp", target }, theShop);
    if (!created.ok) throw new Error("The flash sale's campaign could not be created");
    const option = { kind: "delivery" as const, county: shopperCounty, rate: await requireDeliveryRate(db, shopperCounty) };
    const charged = chargedRate(option, salePrice, await findFreeDeliveryThreshold(db));
    return { code: created.campaign.code, deliveryQuote: fulfilmentQuote(option, charged) };
  } finally {
    await connection.close();
  }
}

/**
 * What WhatsApp, Instagram and X do when a link is posted, before anyone taps it: their preview bot
 * opens it (a bot's visit is not counted), which fills the page caches on its way.
 */
async function previewLink(proxyUrl: string, code: string): Promise<void> {
  const answer = await fetch(new URL(campaignLinkPath(code), proxyUrl), { headers: { "user-agent": "WhatsApp/2.24.20 A" } });
  if (answer.status !== 200) throw new Error(`The link's preview answered ${answer.status}`);
  await answer.text();
}

/** One shopper's visit: the campaign link, the product, the cart and the checkout. */
async function shop(
  shopper: Shopper,
  sale: { code: string; deliveryQuote: string },
  index: number,
  figures: {
    pageMs: number[];
    linkMs: number[];
    cartMs: number[];
    checkoutMs: number[];
    refusals: Map<string, number>;
    errors: Map<string, number>;
  },
): Promise<Outcome> {
  await new Promise((resolve) => setTimeout(resolve, (index * arrivalSeconds * 1000) / shoppers));
  try {
    const script = index % 10 !== 0;
    const landed = await timed(figures.pageMs, () => shopper.visit(campaignLinkPath(sale.code), (ms) => figures.linkMs.push(ms)));
    if (landed !== 200) return failed(figures.errors, `the campaign link's page answered ${landed}`);
    const added = await timed(figures.cartMs, () => shopper.tryAddToCart(slug, { script }));
    if (added === "sold out") return refused(figures.refusals, cartMessages.soldOut, "sold out at the cart");
    if (added !== "added") return failed(figures.errors, `add to cart: ${added}`);
    // Each shopper is a phone of its own: they contend for the units, not for one buyer's counters.
    const fields = await shopper.checkoutFields(`flash-${index}@example.com`, `0711${String(index).padStart(6, "0")}`);
    const answer = await timed(figures.checkoutMs, () =>
      script ? shopper.callCheckout({ ...fields, deliveryQuote: sale.deliveryQuote }) : shopper.postCheckout(fields),
    );
    if (answer.status === 303) return "ordered";
    const page = await answer.text();
    if (answer.status === 200 && page.includes(placeOrderMessages.outOfStock)) {
      return refused(figures.refusals, placeOrderMessages.outOfStock, "sold out at the checkout");
    }
    return failed(figures.errors, `checkout answered ${answer.status}: ${pageMessage(page)}`);
  } catch (error) {
    return failed(figures.errors, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/** Counts an error by its reason, so that a failed run says what went wrong. */
function failed(errors: Map<string, number>, reason: string): Outcome {
  errors.set(reason, (errors.get(reason) ?? 0) + 1);
  return "error";
}

/** The form's status or alert text in a refused checkout's page, else its start. */
function pageMessage(page: string): string {
  const alert = /role="(?:alert|status)"[^>]*>([^<]{1,200})/.exec(page)?.[1];
  return alert ?? page.slice(0, 120).replace(/\s+/g, " ");
}

function refused(refusals: Map<string, number>, message: string, outcome: Outcome): Outcome {
  refusals.set(message, (refusals.get(message) ?? 0) + 1);
  return outcome;
}

async function timed<T>(latencies: number[], work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    latencies.push(performance.now() - start);
  }
}

/** Units of the sale's variant on stored orders, checked against what its stock says. */
async function unitsSold(url: string): Promise<number> {
  const connection = await connect({ url });
  try {
    const { db } = connection;
    const [variant] = await db
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(products.slug, slug));
    const [ordered] = await db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.variantId, variant.id));
    if (variant.stock + ordered.units !== units) throw new Error(`stock ${variant.stock} + ordered ${ordered.units} ≠ ${units}`);
    return ordered.units;
  } finally {
    await connection.close();
  }
}

/** The median, 95th and 99th percentiles, in whole ms. */
function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/** Samples a process's resident memory every 100 ms; stop() gives the peak in MB. */
function sampleMemory(pid: number) {
  let peakKb = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      // The process has exited.
    }
  };
  const timer = setInterval(read, 100);
  read();
  return {
    stop() {
      clearInterval(timer);
      read();
      return Math.round(peakKb / 1024);
    },
  };
}
