import { expect, test, type Page } from "@playwright/test";
import { findOrderMessages } from "../lib/orders/find-order-rules";
import { fixtureProducts } from "./fixtures/products";
import { newShopper, signUp } from "./support/auth";
import { addFromProductPage } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { mailsTo, orderLinkIn } from "./support/mail";

// Guests' orders found again: by the e-mailed link, by number and phone, and by signing up.
test.slow();

/** A guest's pay-on-delivery order of one plentiful tee (size S of the back office's fixture); its number. */
async function guestOrder(page: Page, details: ReturnType<typeof deliveryDetails>): Promise<string> {
  await addFromProductPage(page, fixtureProducts.backOffice.slug, { size: "S" });
  await page.goto("/checkout");
  await fillDelivery(page, details);
  return placeOrder(page);
}

test("the e-mailed link opens the order in a fresh browser with the address and phone masked; a changed key finds nothing", async ({
  page,
  browser,
}) => {
  // Nairobi City, where the rider calls the phone before coming: the page names it, masked.
  const details = deliveryDetails({
    Phone: "0722 000 481",
    County: "Nairobi City",
    Town: "Nairobi",
    "Street or building": "Kenyatta Avenue, Flat 12",
  });
  const number = await guestOrder(page, details);
  // The confirmation tells a guest how to find the order later.
  await expect(page.getByTestId("guest-order-help").getByRole("link")).toHaveAttribute("href", "/orders/find");

  const link = orderLinkIn((await mailsTo(details.Email))[0], number);
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByTestId("order-number")).toHaveText(number);
  await expect(stranger.getByText("+254 ••• ••• 481")).toBeVisible();
  await expect(stranger.getByText("Kenyatta Avenue")).toHaveCount(0);
  await expect(stranger.getByText("722000481")).toHaveCount(0);

  const changed = new URL(link);
  changed.searchParams.set("key", `${changed.searchParams.get("key")!.slice(0, -2)}AA`);
  expect((await stranger.goto(changed.toString()))?.status()).toBe(404);
  expect((await stranger.goto(new URL(link).pathname))?.status()).toBe(404);
  await stranger.context().close();
});

test("'Find your order' opens the order with its number and the phone in another form, and gives one message for a wrong pair", async ({
  page,
  browser,
}) => {
  const details = deliveryDetails({ Phone: "0722 000 482" });
  const number = await guestOrder(page, details);
  const other = await guestOrder(page, deliveryDetails({ Phone: "0722 000 483" }));

  const stranger = await (await browser.newContext()).newPage();
  const find = async (orderNumber: string, phone: string) => {
    await stranger.goto("/orders/find");
    await stranger.getByLabel("Order number").fill(orderNumber);
    await stranger.getByLabel("Phone number").fill(phone);
    await stranger.getByRole("button", { name: "Find your order" }).click();
  };
  // The other order's number with this phone, and this number with another phone: the same answer.
  for (const [orderNumber, phone] of [
    [other, "0722000482"],
    [number, "0722 000 483"],
  ]) {
    await find(orderNumber, phone);
    await expect(stranger.getByText(findOrderMessages.noMatch)).toBeVisible();
    await expect(stranger).toHaveURL(/\/orders\/find/);
  }
  await find(number.toLowerCase(), "+254 722 000 482");
  await expect(stranger).toHaveURL(new RegExp(`/orders/${number}\\?key=`));
  await expect(stranger.getByTestId("order-number")).toHaveText(number);
  await stranger.context().close();
});

test("signing up in the browser that placed guest orders makes them the account's", async ({ page }) => {
  const number = await guestOrder(page, deliveryDetails());
  await signUp(page, newShopper("attach"));
  await page.goto("/account/orders");
  await expect(page.getByRole("main")).toContainText(number);
});
