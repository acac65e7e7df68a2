import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { invoicesCsvHeader } from "../lib/invoices/csv";
import { invoiceStateLabels } from "../lib/invoices/labels";
import { staffInvoicesHref } from "../lib/invoices/staff-filters";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { etimsSimulatorURL, salesAtKra } from "./support/etims";
import { staffState } from "./support/staff";
import { takeStep } from "./support/staff-orders";

// The back office's invoices, against the eTIMS simulator the e2e server runs on PORT + 2000.
// Serial: the simulator's 'reject the next sale' is one switch for the whole shop.
test.describe.configure({ mode: "serial" });
test.use({ storageState: staffState("staff") });

test("a sale eTIMS rejects shows its code and message; after 'Retry' it is reported, once", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const rejection = { resultCd: "910", resultMsg: "Invalid custTin (e2e)" };

  // A guest pays on delivery; staff deliver the parcel, which issues the invoice.
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  await addFromProductPage(shopper, fixtureProducts.backOffice.slug, { size: "S" });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails());
  const orderNumber = await placeOrder(shopper);
  await shopper.context().close();
  await page.goto(staffOrderPath(orderNumber));
  await takeStep(page, orderNumber, "placed", "confirmed");
  await takeStep(page, orderNumber, "confirmed", "dispatched");
  // Switched on just before the sale: the next sale any spec makes takes it (CI runs one worker).
  expect((await request.post(`${etimsSimulatorURL}/reject-next`, { data: rejection })).ok()).toBe(true);
  await takeStep(page, orderNumber, "dispatched", "delivered");

  // The outbox reports it within seconds, and eTIMS refuses it.
  await page.goto(staffInvoicesHref({ state: "rejected" }));
  const row = page.getByTestId("invoice-row").filter({ has: page.getByRole("link", { name: orderNumber }) });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("invoice-state")).toHaveText(invoiceStateLabels.rejected, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByTestId("invoice-rejection")).toHaveText(`eTIMS ${rejection.resultCd}: ${rejection.resultMsg}`);
  const invoiceNumber = Number(await row.getAttribute("data-number"));
  await expectNoSeriousAxeViolations(page);

  // The dashboard warns, and links to the rejected ones.
  await page.goto(backOfficeSections.dashboard.path);
  await expect(page.getByTestId("invoices-rejected")).toContainText(/rejected by eTIMS/);
  await page.getByTestId("invoices-rejected").getByRole("link", { name: "See the invoices" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\?state=rejected$/);

  await row.getByRole("button", { name: "Retry" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Invoice ${invoiceNumber} is being sent to KRA again.` }),
  ).toBeVisible();
  await page.goto(staffInvoicesHref());
  const retried = page.locator(`[data-testid="invoice-row"][data-number="${invoiceNumber}"]`);
  await expect(async () => {
    await page.reload();
    await expect(retried.getByTestId("invoice-state")).toHaveText(invoiceStateLabels.reported, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(retried.getByTestId("invoice-cu-number")).toHaveText(/^KRACU\d+\/\d+$/);
  await expect(retried.getByTestId("invoice-rejection")).toHaveCount(0);

  // eTIMS holds that number once: the refused call and the accepted one carried the same invcNo.
  const held = await salesAtKra(request, invoiceNumber);
  expect(held).toHaveLength(1);
  expect(held[0].attempts).toBe(2);
});

test("the accountant's CSV downloads with its header row", async ({ page }) => {
  await page.goto(backOfficeSections.invoices.path);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  expect(text.startsWith(invoicesCsvHeader())).toBe(true);
  expect(text.split("\r\n").length).toBeGreaterThan(2);
});

test("marketing has no 'Invoices' link and gets 403 on the page and its export", async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: staffState("marketing") })).newPage();
  await page.goto(backOfficeSections.dashboard.path);
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: backOfficeSections.orders.label })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: backOfficeSections.invoices.label })).toHaveCount(0);
  await expect(page.getByTestId("invoices-rejected")).toHaveCount(0);
  expect((await page.goto(backOfficeSections.invoices.path))?.status()).toBe(403);
  expect((await page.request.get(`${backOfficeSections.invoices.path}/export`)).status()).toBe(403);
  await page.context().close();
});
