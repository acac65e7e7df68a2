import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { paymentMethodsSummary } from "@/lib/orders/payment-copy";
import { defaultShopDetails } from "@/lib/site";
import { backInStockCopy } from "@/lib/stock/back-in-stock-copy";
import { freePort } from "../scripts/instances/ports";
import { type Instance, startInstance } from "../scripts/instances/server";

// The build prerenders the static pages and robots.txt with the seed's Shop details, no M-Pesa and
// http://localhost:3000 (issue 55). A shop of its own, on an embedded database of its own, started
// once to create it, then, after the owner changed the details, restarted with M-Pesa set up and
// another address (and, unlike the suite's shop, no SMS): each page's first visit must show the
// running shop's, not the build's.
const changed = { phone: "+254 799 000 111", street: "Moi Avenue, Kenda House, 2nd Floor" };
const mpesaSettings = {
  MPESA_API_URL: "http://127.0.0.1:9",
  MPESA_CONSUMER_KEY: "first-visit-key",
  MPESA_CONSUMER_SECRET: "first-visit-secret",
  MPESA_SHORTCODE: "174379",
  MPESA_PASSKEY: "first-visit-passkey",
};

test.describe.configure({ mode: "serial" });

let dir: string;
let url: string;
let shop: Instance | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(tmpdir(), "shop-first-visit-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // Not the suite's database or settings, and the server without the specs' react-server condition.
  const base = { DATABASE_URL: "", NODE_OPTIONS: "", NODE_ENV: "production", DATA_DIR: path.join(dir, "data") };
  const log = path.join(dir, "shop.log");
  shop = await startInstance(port, base, log);
  await shop.stop();
  const db = await PGlite.create(base.DATA_DIR);
  await db.query("update shop_details set phone = $1, street = $2 where id = 1", [changed.phone, changed.street]);
  await db.close();
  shop = await startInstance(port, { ...base, ...mpesaSettings, MPESA_CALLBACK_URL: url, SITE_URL: url }, log);
});

test.afterAll(async () => {
  await shop?.stop();
  rmSync(dir, { recursive: true, force: true });
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
  const home = firstVisits.get("/")!;
  expect(home).toContain(paymentMethodsSummary(true));
  expect(home).not.toContain(paymentMethodsSummary(false));
  expect(home).toContain(`<link rel="canonical" href="${url}"/>`);
  for (const pagePath of ["/", "/about", "/contact", "/login"]) {
    expect(firstVisits.get(pagePath), pagePath).toContain(changed.phone);
    expect(firstVisits.get(pagePath), pagePath).not.toContain(defaultShopDetails.phone);
  }
  expect(firstVisits.get("/contact")).toContain(changed.street);
  expect(firstVisits.get("/robots.txt")).toContain(`Sitemap: ${url}/sitemap.xml`);
});

test("without SMS, 'Tell me when it's back' asks for the e-mail address it only accepts", async ({ page }) => {
  await page.goto(`${url}/products/kanga-print-hoodie`);
  const form = page.getByRole("form", { name: backInStockCopy.title });
  await expect(form.getByLabel(backInStockCopy.emailLabel, { exact: true })).toHaveAttribute("type", "email");
  await expect(form.getByText(backInStockCopy.contactLabel)).toHaveCount(0);
});
