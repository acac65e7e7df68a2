import { expect, test, type Page } from "@playwright/test";
import { shopperPage } from "./support/pages";
import { messageStateLabels, orderStepDone, orderStepLabels, type OrderStep } from "../lib/orders/staff-labels";
import { smsLabels } from "../lib/orders/sms-labels";
import { smsThrottleReasons } from "../lib/sms/queue";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { orderStatusLabels } from "../lib/orders/status";
import { fixtureProducts } from "./fixtures/products";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder, type DeliveryLabel } from "./support/checkout";
import { staffState } from "./support/staff";
import { fillDispatch } from "./support/staff-orders";
import { expectTexts, simulatorURL, textsTo, uniquePhone } from "./support/sms";

// Order texts through the Africa's Talking simulator that scripts/e2e-server.mjs starts on PORT + 4000,
// which posts its delivery reports back to the shop. Each test texts phones of its own; the last digit
// (0: delivered) is the simulator's outcome. Staff (the default page) move the orders on.
test.slow();
test.use({ storageState: staffState("staff") });

const product = fixtureProducts.backOffice;

test("every order event's text arrives, each with the order's short link; the delivery report shows as Delivered", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(0);
  const number = await order(shopper, { Phone: phone.typed });
  await expectTexts(request, phone.stored, 1);
  for (const step of ["confirmed", "dispatched", "delivered"] as const) await takeStep(page, number, step);
  const texts = await expectTexts(request, phone.stored, 4);
  // Kisumu goes by courier: its dispatch text names the courier and the waybill staff recorded (fillDispatch).
  const expected = [
    `order ${number} is received. Thank you!`,
    `order ${number} is confirmed and being packed.`,
    `${number} sent with G4S, waybill G4S${number.slice(3)}. Collect at G4S in your town with your ID.`,
    `order ${number} is delivered.`,
  ];
  texts.forEach((text, index) => {
    expect(text.message).toContain(expected[index]);
    // The dispatch text keeps to one SMS by dropping the shop's words first (courierDispatchText).
    expect(text.message).toMatch(new RegExp(`(Stop SMS or see it|See it): http\\S+/o/${number}/[\\w-]{11}$`));
    expect(text).toMatchObject({ from: "KIJANI", encoding: "GSM-7", parts: 1 });
  });

  // Staff see the e-mails and the texts, each text Delivered once its report arrived.
  await expect(async () => {
    await page.goto(staffOrderPath(number));
    const sms = page.getByTestId("order-message").filter({ hasText: "SMS" });
    await expect(sms).toHaveCount(4, { timeout: 1_000 });
    for (const row of await sms.all()) await expect(row).toContainText(messageStateLabels.delivered, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("order-message").filter({ hasText: "E-mail" })).toHaveCount(4);
});

test("an unticked box sends no texts, and a text's link stops the next ones without signing in", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const quiet = uniquePhone(0);
  const unticked = await order(shopper, { Phone: quiet.typed }, { sms: false });
  await takeStep(page, unticked, "confirmed");

  const phone = uniquePhone(0);
  const number = await order(shopper, { Phone: phone.typed });
  const [confirmation] = await expectTexts(request, phone.stored, 1);
  const stranger = await shopperPage(browser, baseURL!);
  await stranger.goto(linkIn(confirmation.message));
  await expect(stranger.getByTestId("order-number")).toHaveText(number);
  await stranger.getByRole("button", { name: smsLabels.stop }).click();
  await expect(stranger.getByText(smsLabels.orderOff)).toBeVisible();
  await takeStep(page, number, "confirmed");
  await takeStep(page, number, "dispatched");

  await page.waitForTimeout(3_000);
  expect(await textsTo(request, quiet.stored)).toHaveLength(0);
  expect(await textsTo(request, phone.stored)).toHaveLength(1);
});

test("a text queued while Africa's Talking is down is sent once when it is back", async ({ browser, baseURL, request }) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(0);
  await request.post(`${simulatorURL}/__simulator/down`, { data: { down: true } });
  try {
    await order(shopper, { Phone: phone.typed });
    await shopper.waitForTimeout(3_000);
    expect(await textsTo(request, phone.stored)).toHaveLength(0);
  } finally {
    await request.post(`${simulatorURL}/__simulator/down`, { data: { down: false } });
  }
  // The outbox retries after its backoff (OUTBOX_RETRY_SECONDS, 1 s under the e2e server, then doubling).
  await expectTexts(request, phone.stored, 1, 60_000);
  await shopper.waitForTimeout(3_000);
  expect(await textsTo(request, phone.stored)).toHaveLength(1);
});

test("past the hourly limit a phone's order text waits for the hour instead of being sent or dropped; the e-mail still goes", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(0);
  const first = await order(shopper, { Phone: phone.typed });
  for (const step of ["confirmed", "dispatched", "delivered"] as const) await takeStep(page, first, step);
  const second = await order(shopper, { Phone: phone.typed });
  await expectTexts(request, phone.stored, 5);
  await takeStep(page, second, "confirmed");

  await page.goto(staffOrderPath(second));
  const messages = page.getByTestId("order-message");
  // An order's news is never dropped (issue 55): it waits, saying why, and goes once the hour allows.
  const waiting = messages.filter({ hasText: "SMS" }).last();
  await expect(waiting).toContainText(messageStateLabels.queued);
  await expect(waiting).toContainText(smsThrottleReasons.waitsForPhone(5));
  await expect(messages.filter({ hasText: "E-mail" })).toHaveCount(2);
  await page.waitForTimeout(2_000);
  expect(await textsTo(request, phone.stored)).toHaveLength(5);
});

test("a guest without an e-mail address gets the order's link by text, and it opens in a fresh browser", async ({
  browser,
  baseURL,
  request,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(0);
  const number = await order(shopper, { Phone: phone.typed, Email: "" });
  const [text] = await expectTexts(request, phone.stored, 1);
  expect(text.message).toContain(number);

  const stranger = await shopperPage(browser, baseURL!);
  await stranger.goto(linkIn(text.message));
  await expect(stranger).toHaveURL(new RegExp(`/orders/${number}\\?key=`));
  await expect(stranger.getByTestId("order-number")).toHaveText(number);
});

const linkIn = (text: string) => text.match(/https?:\/\/\S+$/)![0].replace(/^https?:\/\/[^/]+/, "");

/** A guest's pay-on-delivery order of the back office's fixture product (size S); its number. */
async function order(page: Page, details: Partial<Record<DeliveryLabel, string>>, options: { sms?: boolean } = {}) {
  await addFromProductPage(page, product.slug, { size: "S" });
  await page.goto("/checkout");
  await fillDelivery(page, deliveryDetails(details));
  const box = checkoutForm(page).getByRole("checkbox", { name: smsLabels.checkout });
  await expect(box).toBeChecked();
  if (options.sms === false) await box.uncheck();
  return placeOrder(page);
}

/** Presses a step's button on the order's staff page and waits for the order to reach it. */
async function takeStep(page: Page, number: string, step: OrderStep) {
  await page.goto(staffOrderPath(number));
  if (step === "dispatched") await fillDispatch(page, number);
  await page.getByRole("button", { name: orderStepLabels[step], exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: orderStepDone(number, step) })).toBeVisible();
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[step]);
}
