import { expect, test } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { fixtureProducts } from "./fixtures/products";
import { signUp } from "./support/auth";
import { addToCart, checkoutForm, fillDelivery, placeOrder, seededFees } from "./support/checkout";

// Whole purchases across several pages (and browsers): slow on a busy machine.
test.slow();

const product = fixtureProducts.member;

test("a signed-in shopper gets their details prefilled, may save them, and finds the order in their account", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await signUp(page);
  await addToCart(page, product);
  await page.goto("/checkout");
  const form = checkoutForm(page);
  await expect(form.getByLabel("Full name")).toHaveValue(`${shopper.firstname} ${shopper.lastname}`);
  await expect(form.getByLabel("Email")).toHaveValue(shopper.email);
  await expect(form.getByLabel("Phone", { exact: true })).toHaveValue(shopper.phone);
  await expect(form.getByLabel("County")).toHaveValue("");

  await fillDelivery(page, { County: "Nairobi City", Town: "Nairobi", "Street or building": "Ngong Road, Adams Arcade, Flat 4" });
  await form.getByLabel("Save these details for next time").check();
  await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.nairobi));
  const number = await placeOrder(page);
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();

  // The account lists the order with its status and links to it.
  await page.goto("/account");
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page).toHaveTitle(/My orders/);
  const order = page.getByRole("list", { name: "Orders" }).getByRole("listitem");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("Placed");
  await expect(order).toContainText(formatKsh(product.variants[0].price + seededFees.nairobi));
  await order.getByRole("link", { name: `Order ${number}` }).click();
  await expect(page.getByTestId("order-number")).toHaveText(number);

  // The next checkout starts from the saved details.
  await addToCart(page, product);
  await page.goto("/checkout");
  await expect(form.getByLabel("County")).toHaveValue("Nairobi City");
  await expect(form.getByLabel("Street or building")).toHaveValue("Ngong Road, Adams Arcade, Flat 4");
  await expect(form.getByLabel("Phone", { exact: true })).toHaveValue("+254712000111");

  // Another shopper cannot open this order.
  const other = await browser.newPage({ baseURL });
  await signUp(other);
  expect((await other.goto(`/orders/${number}`))?.status()).toBe(404);
  await other.goto("/account/orders");
  await expect(other.getByText("You have no orders yet.")).toBeVisible();
  await other.close();
});

test("signed out, /account/orders sends the shopper to sign in and back", async ({ page }) => {
  await page.goto("/account/orders");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Forders|\/login\?returnTo=\/account\/orders/);
});
