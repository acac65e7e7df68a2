import { expect, test, type Page } from "@playwright/test";
import { shopperPage } from "./support/pages";
import { backOfficeSections } from "../lib/admin/sections";
import { carrierPromise, payOnDeliveryMessages } from "../lib/couriers/carriage-words";
import { payOnArrival } from "../lib/orders/payment-copy";
import { packingSlipPath, staffOrderPath } from "../lib/orders/staff-filters";
import { fixtureProducts } from "./fixtures/products";
import { uniqueEmail } from "./support/auth";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { mailsTo, plainText } from "./support/mail";
import { expectTexts, uniquePhone } from "./support/sms";
import { staffState } from "./support/staff";
import { expectStatus, takeStep } from "./support/staff-orders";

// Issue 56: Nairobi's orders go with the shop's rider, every other county's by courier, collected at
// its office with a waybill. Staff (the default page) dispatch; the admin adds a courier.
test.use({ storageState: staffState("staff") });

const product = fixtureProducts.backOffice;

test("an order to Kisumu goes by courier: staff dispatch it with a courier and a waybill, and its page, e-mail and SMS name them", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  // The admin adds a courier with a tracking page.
  const courier = `Test Parcels ${Math.floor(Math.random() * 1e6)}`;
  const admin = await (await browser.newContext({ baseURL, storageState: staffState("admin") })).newPage();
  await admin.goto(backOfficeSections.delivery.path);
  const add = admin.getByRole("form", { name: "Add a courier" });
  await add.getByLabel("Name").fill(courier);
  await add.getByLabel("Tracking page (optional)").fill("https://track.example/parcel/{waybill}");
  await add.getByRole("button", { name: "Add the courier" }).click();
  await expect(admin.getByRole("table", { name: "Couriers" })).toContainText(courier);
  await admin.context().close();

  const shopper = await shopperPage(browser, baseURL!);
  const email = uniqueEmail("courier");
  const phone = uniquePhone(0);
  await addFromProductPage(shopper, product.slug, { size: "S" });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails({ Email: email, Phone: phone.typed }));
  await expect(checkoutForm(shopper).getByTestId("carrier-promise")).toHaveText(carrierPromise.courier);
  await checkoutForm(shopper).getByLabel("Courier office or town where you will collect (optional)").fill("Kisumu town");
  const number = await placeOrder(shopper);
  await expect(shopper.getByTestId("carrier-promise")).toHaveText(carrierPromise.courier);
  // (The confirmation to an address never seen before carries only the shop's words and the link: lib/orders/confirmation-mail.test.ts.)

  await page.goto(staffOrderPath(number));
  await takeStep(page, number, "placed", "confirmed");
  const dispatch = page.getByRole("form", { name: "Dispatch" });
  await expect(dispatch.getByLabel("Office to collect at (optional)")).toHaveValue("Kisumu town");
  await dispatch.getByLabel("Courier").selectOption({ label: courier });
  await dispatch.getByLabel("Office to collect at (optional)").fill("Mega Plaza desk");
  // A courier's waybill is required: nothing leaves without it.
  await dispatch.getByRole("button", { name: "Mark as dispatched" }).click();
  await expect(page.getByText("Enter the waybill number", { exact: false }).first()).toBeVisible();
  await dispatch.getByLabel("Waybill number").fill("tp12345678");
  await dispatch.getByRole("button", { name: "Mark as dispatched" }).click();
  await expectStatus(page, number, "dispatched");
  await expect(page.getByTestId("shipment")).toContainText(`${courier}, waybill TP12345678`);

  await shopper.reload();
  await expect(shopper.getByTestId("shipment")).toContainText(`${courier}, waybill TP12345678`);
  await expect(shopper.getByRole("link", { name: "Track" })).toHaveAttribute("href", "https://track.example/parcel/TP12345678");
  await expect(shopper.getByTestId("shipment-collect")).toHaveText("Collect it at Mega Plaza desk with your ID.");
  const sent = plainText((await mailsTo(email, 1, `Your order ${number} is on its way`))[0]);
  expect(sent).toContain(`It is on its way with ${courier}, waybill TP12345678. Collect it at Mega Plaza desk with your ID.`);
  expect(sent).toContain("Track it: https://track.example/parcel/TP12345678");
  // Placed, confirmed, then sent.
  const texts = await expectTexts(request, phone.stored, 3);
  expect(texts[2].message).toContain(
    `${number} sent with ${courier}, waybill TP12345678. Collect at Mega Plaza desk with your ID.`,
  );
  expect(texts[2]).toMatchObject({ encoding: "GSM-7", parts: 1 });

  // Staff correct the waybill; the history keeps both.
  await page.getByText("Correct the courier or waybill").click();
  const correct = page.getByRole("form", { name: "Correct the courier and waybill" });
  await correct.getByLabel("Waybill number").fill("TP12345679");
  await correct.getByRole("button", { name: "Save courier and waybill" }).click();
  await expect(page.getByTestId("shipment")).toContainText("waybill TP12345679");
  await expect(page.getByTestId("history-row").last()).toContainText("(was " + courier + ", waybill TP12345678");
  await page.goto(packingSlipPath(number));
  await expect(page.getByTestId("slip-shipment")).toHaveText(`${courier}, waybill TP12345679, to collect at Mega Plaza desk`);
  await shopper.context().close();
});

test("a Nairobi order still says the rider will call", async ({ page, browser, baseURL }) => {
  const shopper = await shopperPage(browser, baseURL!);
  const email = uniqueEmail("rider");
  await addFromProductPage(shopper, product.slug, { size: "S" });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails({ Email: email, County: "Nairobi City", Town: "Nairobi" }));
  await expect(checkoutForm(shopper).getByTestId("carrier-promise")).toHaveText(carrierPromise.rider);
  const number = await placeOrder(shopper);
  await expect(shopper.getByTestId("carrier-promise")).toContainText("Our rider brings it to the address below and calls");

  await page.goto(staffOrderPath(number));
  await takeStep(page, number, "placed", "confirmed");
  // The rider is chosen already and needs no waybill.
  await takeStep(page, number, "confirmed", "dispatched");
  const sent = plainText((await mailsTo(email, 1, `Your order ${number} is on its way`))[0]);
  expect(sent).toContain("The rider will call before delivery.");
  await shopper.context().close();
});

test("pay on delivery is not offered in a county only couriers reach, until the owner offers it there", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const shopper = await shopperPage(browser, baseURL!);
  await addFromProductPage(shopper, product.slug, { size: "S" });
  const payOnDelivery = checkoutForm(shopper).getByRole("radio", { name: payOnArrival.delivery.label });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, { County: "Lamu" }, "M-Pesa");
  await expect(payOnDelivery).toHaveCount(0);

  const admin = await (await browser.newContext({ baseURL, storageState: staffState("admin") })).newPage();
  await setLamu(admin, true);
  try {
    await shopper.reload();
    await fillDelivery(shopper, deliveryDetails({ County: "Lamu", Town: "Lamu" }));
    await expect(payOnDelivery).toBeChecked();
    await expect(checkoutForm(shopper).getByTestId("carrier-promise")).toHaveText(carrierPromise.courier);
  } finally {
    await setLamu(admin, false);
  }
  // Once withdrawn, a form that still offers it is refused by the server.
  await checkoutForm(shopper).getByRole("button", { name: "Place order" }).click();
  await expect(shopper.getByText(payOnDeliveryMessages.notOffered("Lamu"))).toBeVisible();
  await shopper.context().close();
  await admin.context().close();
});

/** The owner's 'Who carries each county' form: Lamu by courier, with pay on delivery or without. */
async function setLamu(admin: Page, payOnDelivery: boolean) {
  await admin.goto(backOfficeSections.delivery.path);
  const form = admin.getByRole("form", { name: "Who carries each county" });
  await form.getByRole("checkbox", { name: "Lamu", exact: true }).check();
  await form.getByRole("radio", { name: "Courier" }).check();
  await form.getByRole("checkbox", { name: "Offer pay on delivery there" }).setChecked(payOnDelivery);
  await form.getByRole("button", { name: "Set who carries the ticked counties" }).click();
  await expect(form.getByText("Set for 1 county.")).toBeVisible();
}
