import { expect, test } from "@playwright/test";
import { paymentMethodLabels, paymentMethodsSummary } from "../lib/orders/payment-copy";
import { pricesVatSentence } from "../lib/tax/vat";
import { fixtureProducts } from "./fixtures/products";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { uniqueEmail } from "./support/auth";
import { mailsTo, plainText } from "./support/mail";
import { expectTexts, uniquePhone } from "./support/sms";
import { expectStatus, takeStep } from "./support/staff-orders";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { deliveryFailureLabels } from "../lib/orders/delivery-failure";
import { failureFormLabels, orderStepLabel } from "../lib/orders/staff-labels";
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

test("no page, e-mail or SMS promises a rider for a courier's county", async ({ browser, baseURL, request }) => {
  test.slow();
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  const email = uniqueEmail("courier-words");
  const phone = uniquePhone(0);
  await addFromProductPage(shopper, fixtureProducts.backOffice.slug, { size: "S" });
  await shopper.goto("/checkout");
  // Kisumu goes by courier, and its owner offers pay on delivery there (e2e/fixtures/seed.ts).
  await fillDelivery(shopper, deliveryDetails({ Email: email, Phone: phone.typed }));
  await expect(checkoutForm(shopper)).not.toContainText(/rider/i);
  const number = await placeOrder(shopper);
  await expect(shopper.getByRole("main")).not.toContainText(/rider/i);

  const staff = await (await browser.newContext({ baseURL, storageState: staffState("staff") })).newPage();
  await staff.goto(staffOrderPath(number));
  await takeStep(staff, number, "placed", "confirmed");
  await takeStep(staff, number, "confirmed", "dispatched");
  // A courier's parcel comes back for a courier's reasons.
  const failure = staff.getByRole("form", { name: failureFormLabels.courier.form });
  await failure.getByLabel(failureFormLabels.courier.reason).selectOption({ label: deliveryFailureLabels.not_collected });
  await failure.getByRole("button", { name: orderStepLabel("dispatched", "delivery_failed") }).click();
  await expectStatus(staff, number, "delivery_failed");
  await staff.context().close();

  await shopper.reload();
  await expect(shopper.getByRole("main")).not.toContainText(/rider/i);
  // The confirmation, confirmed, on its way, back from the courier.
  for (const mail of await mailsTo(email, 4)) expect(plainText(mail)).not.toMatch(/rider/i);
  for (const text of await expectTexts(request, phone.stored, 4)) expect(text.message).not.toMatch(/rider/i);
  await shopper.context().close();
});
