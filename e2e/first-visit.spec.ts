import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import pg from "pg";
import { insertProducts } from "@/lib/catalog/seed";
import { connect } from "@/lib/db";
import { shopDetails } from "@/lib/db/schema";
import { paymentMethodsSummary } from "@/lib/orders/payment-copy";
import { defaultShopDetails } from "@/lib/site";
import { backInStockCopy } from "@/lib/stock/back-in-stock-copy";
import { freePort } from "../scripts/instances/ports";
import { type Instance, startInstance } from "../scripts/instances/server";
import { fixtureProducts } from "./fixtures/products";

// The build prerenders the static pages and robots.txt with the seed's Shop details, no M-Pesa and
// http://localhost:3000 (issue 55). A shop of its own, on a database of its own (a scratch database
// beside the suite's PostgreSQL one, else an embedded one), started once to create it, then, after
// the owner changed the details (and a product with a sold-out size was added), restarted with M-Pesa
// set up and, unlike the suite's shop, no SMS: each page's first visit must show the running shop's,
// never the build's.
const changed = { phone: "+254 799 000 111", street: "Moi Avenue, Kenda House, 2nd Floor" };
const soldOutSize = fixtureProducts.backInStock;
const mpesaSettings = {
  MPESA_API_URL: "http://127.0.0.1:9",
  MPESA_CONSUMER_KEY: "first-visit-key",
  MPESA_CONSUMER_SECRET: "first-visit-secret",
  MPESA_SHORTCODE: "174379",
  MPESA_PASSKEY: "first-visit-passkey",
};
const suiteDatabase = process.env.DATABASE_URL;

test.describe.configure({ mode: "serial" });

let dir: string;
let url: string;
let scratchDatabase: string | undefined;
let shop: Instance | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = mkdtempSync(path.join(tmpdir(), "shop-first-visit-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  scratchDatabase = suiteDatabase && (await createScratchDatabase(suiteDatabase));
  // Not the suite's database or settings, and the server without the specs' react-server condition.
  const dataDir = path.join(dir, "data");
  const base = {
    NODE_OPTIONS: "",
    NODE_ENV: "production",
    SITE_URL: url,
    BETTER_AUTH_SECRET: "first-visit-tests-only-secret-0123456789",
    ...(scratchDatabase ? { DATABASE_URL: scratchDatabase } : { DATABASE_URL: "", DATA_DIR: dataDir }),
  };
  const log = path.join(dir, "shop.log");
  // Creating a database is slow on a busy machine.
  shop = await startInstance(port, base, log, 240_000);
  await shop.stop();
  const connection = await connect(scratchDatabase ? { url: scratchDatabase, poolSize: 1 } : { dataDir });
  try {
    const { phone, street } = changed;
    await connection.db.update(shopDetails).set({ phone, whatsapp: phone, street }).where(eq(shopDetails.id, 1));
    await insertProducts(connection.db, [soldOutSize]);
  } finally {
    await connection.close();
  }
  shop = await startInstance(port, { ...base, ...mpesaSettings, MPESA_CALLBACK_URL: url }, log);
});

test.afterAll(async () => {
  await shop?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (suiteDatabase && scratchDatabase) await dropScratchDatabase(suiteDatabase, scratchDatabase);
});

test("after a restart, each page's first visit shows the running shop's details and settings, not the build's", async ({
  request,
}) => {
  const firstVisits = new Map<string, string>();
  for (const pagePath of ["/", "/about", "/contact", "/login", "/robots.txt"]) {
    const response = await request.get(`${url}${pagePath}`);
    expect(response.status(), pagePath).toBe(200);
    firstVisits.set(pagePath, await response.text());
  }
  // Whether each page says each thing (a page's whole HTML would drown a failure's message).
  const says = (pagePath: string, text: string) => firstVisits.get(pagePath)!.includes(text);
  expect(says("/", paymentMethodsSummary(true)), "M-Pesa on the home page").toBe(true);
  expect(says("/", paymentMethodsSummary(false)), "pay on delivery only, on the home page").toBe(false);
  expect(says("/", `<link rel="canonical" href="${url}"/>`), "the home page's canonical address").toBe(true);
  for (const pagePath of ["/", "/about", "/contact", "/login"]) {
    expect(says(pagePath, changed.phone), `the new phone number on ${pagePath}`).toBe(true);
    expect(says(pagePath, defaultShopDetails.phone), `the build's phone number on ${pagePath}`).toBe(false);
  }
  expect(says("/contact", changed.street), "the new street on /contact").toBe(true);
  expect(says("/robots.txt", `Sitemap: ${url}/sitemap.xml`), "robots.txt's sitemap").toBe(true);
});

test("without SMS, 'Tell me when it's back' asks for the e-mail address it only accepts", async ({ page }) => {
  await page.goto(`${url}/products/${soldOutSize.slug}`);
  const form = page.getByRole("form", { name: backInStockCopy.title });
  await expect(form.getByLabel(backInStockCopy.emailLabel, { exact: true })).toHaveAttribute("type", "email");
  await expect(form.getByText(backInStockCopy.contactLabel)).toHaveCount(0);
});

/** A new, empty database beside the suite's, named after it; its URL. */
async function createScratchDatabase(serverUrl: string): Promise<string> {
  const scratch = new URL(serverUrl);
  scratch.pathname = `${scratch.pathname}_first_visit`;
  await onServer(serverUrl, [
    `drop database if exists ${scratch.pathname.slice(1)}`,
    `create database ${scratch.pathname.slice(1)}`,
  ]);
  return scratch.href;
}

async function dropScratchDatabase(serverUrl: string, scratchUrl: string) {
  await onServer(serverUrl, [`drop database if exists ${new URL(scratchUrl).pathname.slice(1)}`]);
}

async function onServer(serverUrl: string, statements: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
