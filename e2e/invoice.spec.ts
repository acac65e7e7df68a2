import { expect, test } from "@playwright/test";
import { invoiceHeadings, invoiceLabels } from "../lib/invoices/labels";
import { payOnArrival } from "../lib/orders/payment-copy";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { buyerPinLabel, kraPinMessage } from "../lib/tax/kra-pin";
import { fixtureProducts } from "./fixtures/products";
import { uniqueEmail } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { waitForHydration } from "./support/console";
import { mailsTo } from "./support/mail";
import { staffState } from "./support/staff";
import { takeStep } from "./support/staff-orders";

// Tax invoices (issue 25): a guest's pay-on-delivery order with their KRA PIN, delivered by staff,
// gets its invoice, which the e2e server's eTIMS simulator reports. The back office's fixture
// product, size S (plenty of stock), as the other after-sale specs buy it.
test.describe.configure({ mode: "serial" });
test.slow();
test.use({ storageState: staffState("staff") });

const product = fixtureProducts.backOffice;
/** A buyer's PIN other than the shop's own (P051234567X), typed as a shopper might. */
const buyerPin = "A012345678B";

test("a guest's pay-on-delivery order with a KRA PIN: its tax invoice once delivered, reported to KRA, printable at 80 mm", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  const email = uniqueEmail("invoice");
  await addFromProductPage(shopper, product.slug, { size: "S" });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails({ Email: email }));
  await checkoutForm(shopper).getByLabel(buyerPinLabel).fill(` ${buyerPin.toLowerCase()} `);
  const number = await placeOrder(shopper);

  // Not a sale yet: no link, and the invoice page says when it comes.
  await expect(shopper.getByRole("link", { name: invoiceLabels.link })).toHaveCount(0);
  await shopper.goto(`/orders/${number}/invoice`);
  await expect(shopper.getByRole("heading", { level: 1, name: invoiceHeadings.sale })).toBeVisible();
  await expect(shopper.getByTestId("invoice-not-issued")).toHaveText(invoiceLabels.notIssued);

  // Staff: a wrong PIN is refused with the checkout's words; then confirm, dispatch and deliver.
  await page.goto(staffOrderPath(number));
  await waitForHydration(page);
  const pinForm = page.getByRole("form", { name: invoiceLabels.buyerPin });
  await expect(pinForm.getByLabel(invoiceLabels.buyerPin)).toHaveValue(buyerPin);
  await pinForm.getByLabel(invoiceLabels.buyerPin).fill("P12");
  await pinForm.getByRole("button", { name: "Save PIN" }).click();
  await expect(pinForm.getByText(kraPinMessage)).toBeVisible();
  await page.reload();
  for (const [from, step] of [
    ["placed", "confirmed"],
    ["confirmed", "dispatched"],
    ["dispatched", "delivered"],
  ] as const) {
    await takeStep(page, number, from, step);
  }
  await expect(
    page.getByRole("region", { name: invoiceLabels.link }).getByRole("link", { name: invoiceLabels.link }),
  ).toBeVisible();

  // The guest reaches it from the order's page.
  await shopper.goto(`/orders/${number}`);
  await shopper.getByRole("link", { name: invoiceLabels.link }).click();
  await expect(shopper).toHaveURL(new RegExp(`/orders/${number}/invoice$`));
  const invoice = shopper.getByTestId("invoice");
  await expect(invoice.getByRole("heading", { level: 1, name: invoiceHeadings.sale })).toBeVisible();
  await expect(invoice.getByTestId("buyer-pin")).toHaveText(buyerPin);
  await expect(invoice.getByText(invoiceLabels.buyerPin)).toBeVisible();
  await expect(invoice.getByText(invoiceLabels.vat, { exact: true })).toBeVisible();
  await expect(invoice.getByTestId("invoice-line").filter({ hasText: "Delivery" })).toHaveCount(1);

  // The outbox reports it to the simulator shortly after.
  await expect(async () => {
    await shopper.reload();
    await expect(invoice.getByTestId("cu-invoice-number")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(invoice.getByTestId("cu-invoice-number")).toHaveText(/^\S+\/\d+$/);
  await expect(invoice.getByText(invoiceLabels.receiptSignature)).toBeVisible();
  await expect(invoice.getByTestId("receipt-signature")).toHaveText(/\S/);
  await expect(invoice.getByText(invoiceLabels.internalData)).toBeVisible();
  await expect(invoice.getByRole("img", { name: invoiceLabels.qrCode })).toBeVisible();
  await expectNoSeriousAxeViolations(shopper);

  // At an 80 mm receipt printer's width the page never scrolls sideways.
  await shopper.setViewportSize({ width: 302, height: 900 });
  const width = await shopper.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(width.scroll).toBeLessThanOrEqual(width.client);
  await shopper.context().close();

  // The 'delivered' e-mail links the invoice through the order's signed link: it opens on any device.
  const [mail] = await mailsTo(email, 1, `Your order ${number} has been delivered`);
  const link = invoiceLinkIn(mail, number);
  const stranger = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  await stranger.goto(link);
  // As on the order's masked page: the PIN's ends only, and the buyer's first name.
  await expect(stranger.getByTestId("buyer-pin")).toHaveText("A•••B");
  await expect(stranger.getByText(deliveryDetails()["Full name"])).toHaveCount(0);
  // Without the key, the same not-found as the order's page.
  expect((await stranger.goto(`/orders/${number}/invoice`))?.status()).toBe(404);
  expect((await stranger.goto(`/orders/${number}`))?.status()).toBe(404);
  await stranger.context().close();

  // Reported: staff can no longer change the PIN.
  await page.reload();
  await expect(page.getByRole("form", { name: invoiceLabels.buyerPin })).toHaveCount(0);

  // Staff open it by the same signed link, and see the buyer in full: masking is for strangers (issue 55).
  await page.getByRole("region", { name: invoiceLabels.link }).getByRole("link", { name: invoiceLabels.link }).click();
  await expect(page.getByTestId("buyer-pin")).toHaveText(buyerPin);
  await expect(page.getByTestId("invoice").getByText(deliveryDetails()["Full name"])).toBeVisible();
  await expect(page.getByTestId("invoice-payment")).toHaveText(payOnArrival.delivery.label);
});

test("a wrong KRA PIN at checkout gets the message in the browser, and from the server with the browser's checks off", async ({
  browser,
  baseURL,
}) => {
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  await addFromProductPage(shopper, product.slug, { size: "S" });
  await shopper.goto("/checkout");
  await waitForHydration(shopper);
  await fillDelivery(shopper, deliveryDetails());
  const pin = checkoutForm(shopper).getByLabel(buyerPinLabel);
  await pin.fill("P05123456X");
  await checkoutForm(shopper).getByRole("button", { name: "Place order" }).click();
  await expect(pin).toBeFocused();
  await expect(checkoutForm(shopper).getByText(kraPinMessage)).toBeVisible();
  expect(await pin.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(kraPinMessage);
  await expect(shopper).toHaveURL(/\/checkout$/);

  await checkoutForm(shopper).evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await checkoutForm(shopper).getByRole("button", { name: "Place order" }).click();
  await expect(pin).toHaveAttribute("aria-invalid", "true");
  await expect(shopper.locator(`#${await pin.getAttribute("aria-describedby")}`)).toHaveText(kraPinMessage);
  await expect(pin).toHaveValue("P05123456X");
  await expect(shopper).toHaveURL(/\/checkout$/);
  await shopper.context().close();
});

/** Presses a step's button on the order's page and waits for the order to reach it. */

/** The invoice's signed link in an order e-mail (quoted-printable soft breaks undone). */
function invoiceLinkIn(mail: string, number: string): string {
  const text = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = text.match(new RegExp(`https?://[^\\s/]+/orders/${number}/invoice\\?[\\w%=&.-]+`))?.[0];
  if (!link) throw new Error("No invoice link in the e-mail");
  return new URL(link).pathname + new URL(link).search;
}
