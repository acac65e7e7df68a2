import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { backInStockCopy } from "../lib/stock/back-in-stock-copy";
import { consentCopy } from "../lib/winback/consent-copy";
import { reminderCopy } from "../lib/winback/reminder-copy";
import { fixtureProducts } from "./fixtures/products";
import { uniqueEmail } from "./support/auth";
import { addFromProductPage, cartLine } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { waitForHydration } from "./support/console";
import { mailsTo } from "./support/mail";
import { staffState } from "./support/staff";

// Win-back (issue 48): 'Tell me when it's back' and unfinished-checkout reminders (due after 3 s here,
// scripts/e2e-server.mjs) through the Africa's Talking simulator on PORT + 4000, and the checkout's
// marketing box counted for staff. Staff are the default page. One at a time: the consent count one
// test reads would count another's consents.
test.describe.configure({ mode: "serial" });
test.slow();
test.use({ storageState: staffState("staff") });

const simulatorURL = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 4000}`;
const product = fixtureProducts.backInStock;
const soldOutLabel = "L · White";

test("a sold-out size's alert, asked for without JavaScript, arrives once after staff restock it and opens that size", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  const shopper = await noScript.newPage();
  const phone = uniquePhone();
  await shopper.goto(`/products/${product.slug}`);
  const form = shopper.getByRole("form", { name: backInStockCopy.title });
  await form.getByLabel(backInStockCopy.contactLabel).fill("not a phone");
  await form.getByRole("button", { name: backInStockCopy.submit }).click();
  await expect(shopper.getByText(backInStockCopy.invalidContact)).toBeVisible();
  await shopper.getByRole("form", { name: backInStockCopy.title }).getByLabel(backInStockCopy.contactLabel).fill(phone.typed);
  await shopper.getByRole("form", { name: backInStockCopy.title }).getByRole("button", { name: backInStockCopy.submit }).click();
  await expect(shopper.getByText(backInStockCopy.saved)).toBeVisible();
  await noScript.close();

  // Staff see who waits where they adjust the stock, and restock it.
  await page.goto("/admin");
  await page
    .getByRole("region", { name: "Low stock" })
    .getByRole("link", { name: `Stock of ${product.name}, ${soldOutLabel}` })
    .click();
  await expect(page.getByText(backInStockCopy.staffWaiting(1))).toBeVisible();
  await adjust(page.getByRole("form", { name: `Adjust the stock of ${soldOutLabel}` }), "2", "Restock");
  await expect(page.getByTestId("variant-stock")).toHaveText("2");

  await expect.poll(async () => (await textsTo(request, phone.stored)).length, { timeout: 20_000 }).toBe(1);
  const [text] = await textsTo(request, phone.stored);
  expect(text.message).toContain(`${product.name} (L, White) is back in stock.`);
  const variantId = page.url().split("/").at(-1);
  const link = text.message.match(/https?:\/\/\S+$/)![0].replace(/^https?:\/\/[^/]+/, "");
  expect(link).toBe(`/products/${product.slug}?variant=${variantId}`);

  const reader = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  // The page may be rendered again a moment after the change (lib/cache/changes.ts): look again until then.
  await expect(async () => {
    await reader.goto(link);
    await expect(reader.getByRole("radio", { name: "L", exact: true })).toBeChecked({ timeout: 1_000 });
    await expect(reader.getByText("Only 2 left", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await reader.context().close();

  // Sold out and back again: the request was done, so nothing more is sent.
  await page.reload();
  await adjust(page.getByRole("form", { name: `Adjust the stock of ${soldOutLabel}` }), "-2", "Count correction");
  await expect(page.getByTestId("variant-stock")).toHaveText("0");
  await page.waitForTimeout(2_000);
  expect(await textsTo(request, phone.stored)).toHaveLength(1);
});

test("the checkout's marketing box starts unticked; ticked, it counts the order's phone and e-mail as consenting", async ({
  page,
  browser,
  baseURL,
}) => {
  const before = await consentCounts(page);
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  await addFromProductPage(shopper, fixtureProducts.backOffice.slug, { size: "S" });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails({ Phone: uniquePhone().typed, Email: uniqueEmail("consent") }));
  const box = checkoutForm(shopper).getByRole("checkbox", { name: consentCopy.checkout });
  await expect(box).not.toBeChecked();
  await box.check();
  await placeOrder(shopper);
  await shopper.context().close();
  expect(await consentCounts(page)).toEqual({ sms: before.sms + 1, email: before.email + 1 });
});

test("a checkout left with consent gets one text, whose link restores the cart in a fresh browser and whose stop link stops the next; one left without consent gets none", async ({
  browser,
  baseURL,
  request,
}) => {
  const fresh = async () => (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  const product = fixtureProducts.backOffice;
  const phone = uniquePhone();
  const email = uniqueEmail("reminded");
  const silent = uniquePhone();
  await leaveCheckoutWithoutJavaScript(await fresh(), product.slug, { phone: phone.typed, email });
  await leaveCheckout(await fresh(), product.slug, { phone: silent.typed, consent: false });

  await expect.poll(async () => (await textsTo(request, phone.stored)).length, { timeout: 20_000 }).toBe(1);
  const [text] = await textsTo(request, phone.stored);
  expect(text.message).toContain(`your cart is waiting: ${product.name} (S, White).`);
  const [resume, stop] = [...text.message.matchAll(/https?:\/\/\S+/g)].map(([link]) => link.replace(/^https?:\/\/[^/]+/, ""));

  // Opening the link changes nothing (another site could open it); its page's button restores the cart.
  const elsewhere = await fresh();
  await elsewhere.goto(resume);
  await elsewhere.goto("/cart");
  await expect(cartLine(elsewhere, product.name)).toHaveCount(0);
  await elsewhere.goto(resume);
  await elsewhere.getByRole("button", { name: reminderCopy.resumeButton }).click();
  await expect(elsewhere).toHaveURL(/\/cart$/);
  await expect(cartLine(elsewhere, product.name)).toBeVisible();
  await elsewhere.goto(stop);
  await elsewhere.getByRole("button", { name: consentCopy.stopButton }).click();
  await expect(elsewhere.getByText(consentCopy.stopped)).toBeVisible();
  await elsewhere.context().close();

  // The next checkout from that phone, whose e-mail address still has consent: the reminder goes there, not to the phone.
  await leaveCheckout(await fresh(), product.slug, { phone: phone.typed, email, consent: false });
  await expect(async () => expect(await mailsTo(email)).toHaveLength(1)).toPass({ timeout: 20_000 });
  expect(await textsTo(request, phone.stored)).toHaveLength(1);
  expect(await textsTo(request, silent.stored)).toHaveLength(0);
});

/** A shopper fills a cart, types their phone (and e-mail) at checkout with the offers box as given, and leaves once it is saved. */
async function leaveCheckout(page: Page, slug: string, details: { phone: string; email?: string; consent: boolean }) {
  await addFromProductPage(page, slug, { size: "S" });
  await page.goto("/checkout");
  await waitForHydration(page);
  // Each change of the box, and leaving the phone or e-mail field, saves the details (a server action, answered once done).
  let saves = 0;
  page.on("response", (response) => void (response.request().method() === "POST" && saves++));
  const form = checkoutForm(page);
  if (details.consent) await form.getByRole("checkbox", { name: consentCopy.checkout }).check();
  if (details.email) await form.getByLabel("Email", { exact: true }).fill(details.email);
  await form.getByLabel("Phone", { exact: true }).fill(details.phone);
  await form.getByLabel("Phone", { exact: true }).press("Tab");
  await expect.poll(() => saves).toBe(Number(details.consent) + Number(details.email !== undefined) + 1);
  await page.context().close();
}

/**
 * The same without JavaScript, the offers box ticked: the details are saved when 'Place order' is
 * refused, here because the first one only quotes the county's fee.
 */
async function leaveCheckoutWithoutJavaScript(page: Page, slug: string, details: { phone: string; email: string }) {
  await addFromProductPage(page, slug, { size: "S" });
  const noScript = await page
    .context()
    .browser()!
    .newContext({
      baseURL: new URL(page.url()).origin,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
  await page.context().close();
  const shopper = await noScript.newPage();
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails({ Phone: details.phone, Email: details.email }));
  await checkoutForm(shopper).getByRole("checkbox", { name: consentCopy.checkout }).check();
  await checkoutForm(shopper).getByRole("button", { name: "Place order" }).click();
  await expect(shopper.getByText(/Nothing is ordered yet/)).toBeVisible();
  await noScript.close();
}

/** Fills the stock form and sends it from the keyboard. */
async function adjust(form: Locator, change: string, reason: string) {
  await form.getByLabel("Reason").selectOption(reason);
  const field = form.getByLabel("Change (+ adds, - removes)");
  await field.fill(change);
  await field.press("Enter");
}

/** The dashboard's counts of consenting phones and e-mail addresses. */
async function consentCounts(page: Page) {
  await page.goto("/admin");
  const consenting = async (channel: string) =>
    Number(await page.getByTestId(`consents-${channel}`).getByRole("cell").first().textContent());
  return { sms: await consenting("sms"), email: await consenting("email") };
}

type Text = { to: string; message: string };

async function textsTo(request: APIRequestContext, phone: string): Promise<Text[]> {
  const messages = (await (await request.get(`${simulatorURL}/__simulator/messages`)).json()) as Text[];
  return messages.filter((message) => message.to === phone);
}

/** A phone of this test's own; ending in 0, which the simulator delivers. */
function uniquePhone(): { typed: string; stored: string } {
  const digits = `${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}0`;
  return { typed: `07${digits}`, stored: `+2547${digits}` };
}
