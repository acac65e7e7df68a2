import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { shopperPage } from "./support/pages";
import { messageStateLabels } from "../lib/orders/staff-labels";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { whatsappChoiceCopy } from "../lib/whatsapp/choice-copy";
import { fixtureProducts } from "./fixtures/products";
import { signUp } from "./support/auth";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { staffState } from "./support/staff";
import { takeStep } from "./support/staff-orders";
import { expectTexts, textsTo, uniquePhone } from "./support/sms";

// Order updates on WhatsApp through the Cloud API simulator that scripts/e2e-server.mjs starts on
// PORT + 5000, which posts signed status webhooks back to the shop. The phone's last digit is its
// outcome there (0: sent, delivered, read; 1: sent, then failed); the SMS simulator (PORT + 4000)
// shows what was texted. Staff (the default page) move the orders on.
test.slow();
test.use({ storageState: staffState("staff") });

const whatsappURL = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 5000}`;
const webhookPath = "/api/whatsapp/webhook";
type WhatsappMessage = { to: string; template: string | null; parameters: string[]; statuses: { status: string }[] };

test("a shopper who chose WhatsApp gets the confirmation and the dispatch there, and no SMS; staff see each update's status", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(0);
  const number = await order(shopper, phone.typed, { whatsapp: true });
  await page.goto(staffOrderPath(number));
  await takeStep(page, number, "placed", "confirmed");
  await takeStep(page, number, "confirmed", "dispatched");
  const updates = await expectWhatsapp(request, phone.stored, 3);
  expect(updates.map((update) => [update.template, update.parameters[1]])).toEqual([
    ["order_update", number],
    ["order_update", number],
    ["order_with_courier", number],
  ]);
  // Kisumu goes by courier: the dispatch names the courier and the waybill staff recorded (fillDispatch).
  expect(updates[2].parameters.slice(2, 4)).toEqual(["G4S", `G4S${number.slice(3)}`]);

  await expect(async () => {
    await page.goto(staffOrderPath(number));
    const rows = page.getByTestId("order-message").filter({ hasText: "WhatsApp" });
    await expect(rows).toHaveCount(3, { timeout: 1_000 });
    for (const row of await rows.all()) await expect(row).toContainText(messageStateLabels.read, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("order-message").filter({ hasText: "SMS" })).toHaveCount(0);
  expect(await textsTo(request, phone.stored)).toHaveLength(0);
});

test("a WhatsApp update that fails arrives by SMS, once", async ({ page, browser, baseURL, request }) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(1);
  const number = await order(shopper, phone.typed, { whatsapp: true });
  await expectWhatsapp(request, phone.stored, 1);
  const [text] = await expectTexts(request, phone.stored, 1);
  expect(text.message).toContain(`order ${number} is received.`);
  await page.goto(staffOrderPath(number));
  await expect(page.getByTestId("order-message").filter({ hasText: "WhatsApp" })).toContainText(messageStateLabels.failed);
  await page.waitForTimeout(2_000);
  expect(await textsTo(request, phone.stored)).toHaveLength(1);
});

test("a shopper who did not choose WhatsApp gets SMS, as before", async ({ browser, baseURL, request }) => {
  const shopper = await shopperPage(browser, baseURL!);
  const phone = uniquePhone(0);
  await order(shopper, phone.typed, { whatsapp: false });
  await expectTexts(request, phone.stored, 1);
  expect(await whatsappTo(request, phone.stored)).toHaveLength(0);
});

test("a signed-up shopper chooses WhatsApp on the account page, and their checkout's box starts ticked", async ({
  browser,
  baseURL,
}) => {
  const shopper = await shopperPage(browser, baseURL!);
  await signUp(shopper);
  await shopper.goto("/account");
  const form = shopper.getByRole("form", { name: whatsappChoiceCopy.accountTitle });
  const box = form.getByRole("checkbox", { name: whatsappChoiceCopy.label });
  await expect(box).not.toBeChecked();
  await box.check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText(whatsappChoiceCopy.accountSaved)).toBeVisible();
  await shopper.reload();
  await expect(box).toBeChecked();
  await addFromProductPage(shopper, fixtureProducts.backOffice.slug, { size: "S" });
  await shopper.goto("/checkout");
  await expect(checkoutForm(shopper).getByRole("checkbox", { name: whatsappChoiceCopy.label })).toBeChecked();
  await shopper.context().close();
});

test("Meta's verification is answered with the verify token only; unsigned and forged webhooks are refused", async ({
  request,
}) => {
  const verify = (token: string) =>
    request.get(`${webhookPath}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
  const answered = await verify("e2e-tests-only-whatsapp-verify-token");
  expect(answered.status()).toBe(200);
  expect(await answered.text()).toBe("1158201444");
  expect((await verify("guessed")).status()).toBe(403);

  const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
  expect((await request.post(webhookPath, { data: body, headers: { "Content-Type": "application/json" } })).status()).toBe(401);
  const forged = await request.post(webhookPath, {
    data: body,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${"0".repeat(64)}` },
  });
  expect(forged.status()).toBe(403);
});

async function whatsappTo(request: APIRequestContext, phone: string): Promise<WhatsappMessage[]> {
  const messages = (await (await request.get(`${whatsappURL}/__simulator/messages`)).json()) as WhatsappMessage[];
  return messages.filter((message) => `+${message.to}` === phone);
}

async function expectWhatsapp(request: APIRequestContext, phone: string, count: number): Promise<WhatsappMessage[]> {
  await expect.poll(async () => (await whatsappTo(request, phone)).length, { timeout: 20_000 }).toBe(count);
  return whatsappTo(request, phone);
}

/** A guest's pay-on-delivery order of the back office's fixture product (size S), WhatsApp's box as asked; its number. */
async function order(page: Page, phone: string, { whatsapp }: { whatsapp: boolean }) {
  await addFromProductPage(page, fixtureProducts.backOffice.slug, { size: "S" });
  await page.goto("/checkout");
  await fillDelivery(page, deliveryDetails({ Phone: phone }));
  const box = checkoutForm(page).getByRole("checkbox", { name: whatsappChoiceCopy.label });
  await expect(box).not.toBeChecked();
  if (whatsapp) await box.check();
  return placeOrder(page);
}
