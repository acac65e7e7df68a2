import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { deliveryQuote } from "../lib/checkout/delivery";
import { deliveryMessages } from "../lib/checkout/delivery-details";
import { placeOrderMessages } from "../lib/orders/place-order";
import { fixtureProducts } from "./fixtures/products";
import { uniqueEmail } from "./support/auth";
import { guestCartCookieName } from "./support/cart";
import {
  addToCart,
  checkoutForm,
  checkoutFormFields,
  deliveryDetails,
  fillDelivery,
  expectStockLabel,
  seededFees,
} from "./support/checkout";

// Whole purchases across several pages (and browsers): slow on a busy machine.
test.slow();

// Each test owns its fixture product (stock 5 at the start), so stock shows what was stored.

const validDelivery = () => ({
  fullName: "Achieng Otieno",
  phone: "0722000333",
  email: uniqueEmail("hostile"),
  county: "Kisumu",
  town: "Kisumu",
  street: "Oginga Odinga Street",
  notes: "",
  // Kisumu's seeded rate, as the checkout quotes it once the county is chosen.
  deliveryQuote: deliveryQuote({ fee: seededFees.elsewhere, minDays: 2, maxDays: 5 }),
});

/** Posts the checkout form as a browser without JavaScript would, with the given fields. */
function post(request: APIRequestContext, baseURL: string, multipart: Record<string, string>) {
  return request.post("/checkout", { multipart, headers: { Origin: baseURL }, maxRedirects: 0 });
}

/** Opens the checkout with one unit of `product` in the cart and returns the form's fields. */
async function checkoutWith(page: Page, product: (typeof fixtureProducts)[keyof typeof fixtureProducts]) {
  await addToCart(page, product);
  await page.goto("/checkout");
  return checkoutFormFields(page);
}

test("hostile checkout posts are refused with their message, never a 500, and store nothing", async ({
  page,
  browser,
  baseURL,
}) => {
  const product = fixtureProducts.hostile;
  const fields = await checkoutWith(page, product);
  const valid = { ...fields, ...validDelivery() };
  const { street: _street, ...withoutStreet } = valid;
  const refused: [Record<string, string>, string][] = [
    [fields, deliveryMessages.fullName],
    [withoutStreet, deliveryMessages.street],
    [{ ...valid, fullName: "x".repeat(5_000) }, deliveryMessages.fullName],
    [{ ...valid, notes: "y".repeat(20_000) }, deliveryMessages.notes],
    [{ ...valid, county: "Atlantis" }, deliveryMessages.county],
    [{ ...valid, county: "<script>alert(1)</script>" }, deliveryMessages.county],
    [{ ...valid, town: "Nai\u0000robi" }, deliveryMessages.town],
    [{ ...valid, deliveryQuote: "0:0:0" }, `Delivery to Kisumu costs KSh ${seededFees.elsewhere} (delivered in 2–5 days)`],
    [{ ...valid, idempotencyKey: "" }, placeOrderMessages.invalidCheckout],
    [{ ...valid, idempotencyKey: "' or 1=1 --" }, placeOrderMessages.invalidCheckout],
  ];
  for (const [body, message] of refused) {
    const response = await post(page.request, baseURL!, body);
    expect(response.status(), message).toBe(200);
    expect(await response.text()).toContain(message);
  }

  // A stranger's browser cannot buy this cart by naming it: the cart comes from the cookie only.
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === guestCartCookieName)!;
  const stranger = await browser.newContext({ baseURL });
  for (const body of [
    { ...valid, quantity: "-3", variantId: "1", cartId: "1", kt_cart: cookie.value },
    { ...valid, "lines[0][quantity]": "-1", guestToken: cookie.value },
  ]) {
    const response = await post(stranger.request, baseURL!, body);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(placeOrderMessages.emptyCart);
  }
  // Nor with a made-up cart cookie.
  await stranger.addCookies([{ name: guestCartCookieName, value: "A".repeat(43), url: baseURL! }]);
  expect(await (await post(stranger.request, baseURL!, valid)).text()).toContain(placeOrderMessages.emptyCart);
  await stranger.close();

  // Nothing was stored: the stock is whole and the cart still holds its line.
  await expectStockLabel(page, product, "Only 5 left");
  await page.goto("/checkout");
  await expect(checkoutForm(page).getByRole("list", { name: "Items" })).toContainText(product.name);
});

test("a double click on 'Place order' makes one order", { tag: "@embedded" }, async ({ page }) => {
  const product = fixtureProducts.doubleClick;
  await checkoutWith(page, product);
  await fillDelivery(page, deliveryDetails());
  await checkoutForm(page).getByRole("button", { name: "Place order" }).dblclick();
  await expect(page).toHaveURL(/\/orders\/KT-[A-Z0-9]{7}$/);
  await expectStockLabel(page, product, "Only 4 left");
});

test(
  "a replayed POST with the same idempotency key answers with the same order and stores no second one",
  { tag: "@embedded" },
  async ({ page, browser, baseURL }) => {
    const product = fixtureProducts.replay;
    const body: Record<string, string> = { ...(await checkoutWith(page, product)), ...validDelivery() };

    const first = await post(page.request, baseURL!, body);
    expect(first.status()).toBe(303);
    const location = first.headers()["location"];
    expect(location).toMatch(/\/orders\/KT-[A-Z0-9]{7}$/);
    // Again, then twice at once: every answer is the same order.
    const replays = [
      await post(page.request, baseURL!, body),
      ...(await Promise.all([post(page.request, baseURL!, body), post(page.request, baseURL!, body)])),
    ];
    for (const replay of replays) {
      expect(replay.status()).toBe(303);
      expect(replay.headers()["location"]).toBe(location);
    }

    // Another shopper replaying this key with their own cart is refused, and buys nothing.
    const other = await browser.newPage({ baseURL });
    const otherFields = await checkoutWith(other, product);
    const stolen = await post(other.request, baseURL!, {
      ...otherFields,
      ...validDelivery(),
      idempotencyKey: body.idempotencyKey,
    });
    expect(await stolen.text()).toContain(placeOrderMessages.invalidCheckout);
    await other.close();

    await page.goto(location);
    await expect(page.getByTestId("order-number")).toHaveText(location.split("/").pop()!);
    await expectStockLabel(page, product, "Only 4 left");
  },
);
