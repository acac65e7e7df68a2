import { expect, test } from "@playwright/test";
import { paymentMethodLabels, paymentMethodsSummary } from "../lib/orders/payment-copy";
import { pricesVatSentence } from "../lib/tax/vat";
import { fixtureProducts } from "./fixtures/products";
import { addFromProductPage } from "./support/cart";
import { checkoutForm } from "./support/checkout";
import { e2eSetup } from "./support/setup";
import { staffState } from "./support/staff";
import { backOfficeSections } from "../lib/admin/sections";
import { COUNTIES, type County } from "../lib/checkout/counties";
import { deliveryPromise, type DeliveryRate } from "../lib/checkout/delivery";

// The home page and the Terms promise what the shop is set up to do, and nothing else (the other
// set-up's words are checked in lib/orders/order-words.test.ts and lib/tax/vat.test.ts).

test("the home page's 'Safe Payment' and the Terms say how to pay and what prices carry, as the checkout does", async ({
  page,
}) => {
  const { mpesaOffered, vatRegistered } = e2eSetup;
  const safePayment = page
    .getByRole("region", { name: "Why shop with us" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Safe Payment" }) });
  // The static home page is rendered at build time, and again once the server has started
  // (lib/server/background.ts): the first visits may still get the build's render.
  await expect(async () => {
    await page.goto("/");
    await expect(safePayment.getByRole("paragraph")).toHaveText(paymentMethodsSummary(mpesaOffered), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await page.goto("/terms");
  const payment = page.getByRole("main").getByText(/^Prices are in Kenya shillings/);
  await expect(payment).toContainText(pricesVatSentence(vatRegistered));
  await expect(payment).not.toContainText(pricesVatSentence(!vatRegistered));
  await expect(payment).toContainText(paymentMethodsSummary(mpesaOffered));

  // The set-up the words were chosen for is the one the checkout offers.
  await addFromProductPage(page, fixtureProducts.backOffice.slug, { size: "XL" });
  await page.goto("/checkout");
  await expect(checkoutForm(page).getByRole("radio", { name: paymentMethodLabels.mpesa })).toHaveCount(mpesaOffered ? 1 : 0);
});

test("the home page's delivery sentence is the rates staff set", async ({ page, browser }) => {
  // The rates as the back office lists them, county by county: 'Delivered in 1–2 days'.
  const admin = await (await browser.newContext({ storageState: staffState("admin") })).newPage();
  await admin.goto(backOfficeSections.delivery.path);
  const rows = await admin
    .locator("tr:has(input[name=counties])")
    .evaluateAll((cells) =>
      cells.map((row) => [row.querySelector("input")!.value, (row as HTMLTableRowElement).cells[2].textContent!]),
    );
  await admin.context().close();
  expect(rows.map(([county]) => county).sort()).toEqual([...COUNTIES].sort());
  const rates: Partial<Record<County, DeliveryRate>> = {};
  for (const [county, days] of rows) {
    const [minDays, maxDays = minDays] = days.match(/\d+/g)!.map(Number);
    rates[county as County] = { fee: 0, minDays, maxDays };
  }

  const countrywide = page
    .getByRole("region", { name: "Why shop with us" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Countrywide Delivery" }) });
  // Rendered at build time without the rates, and again once the server has started (as above).
  await expect(async () => {
    await page.goto("/");
    await expect(countrywide.getByRole("paragraph")).toHaveText(deliveryPromise(rates), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
