import { expect, test, type Page } from "@playwright/test";
import { placeOrderMessages } from "../lib/orders/place-order";
import { fixtureProducts } from "./fixtures/products";
import { addToCart, checkoutForm, deliveryDetails, fillDelivery, placeOrder, expectStockLabel } from "./support/checkout";

// Whole purchases across several pages (and browsers): slow on a busy machine.
test.slow();

async function readyToBuy(page: Page, product: (typeof fixtureProducts)[keyof typeof fixtureProducts], quantity = 1) {
  await addToCart(page, product, quantity);
  await page.goto("/checkout");
  await fillDelivery(page, deliveryDetails());
}

test(
  "two buyers racing for the last item: exactly one order, and the other is told none is left",
  { tag: "@embedded" },
  async ({ browser, baseURL }) => {
    const product = fixtureProducts.race;
    const buyers = await Promise.all([browser.newPage({ baseURL }), browser.newPage({ baseURL })]);
    for (const buyer of buyers) await readyToBuy(buyer, product);

    await Promise.all(buyers.map((buyer) => checkoutForm(buyer).getByRole("button", { name: "Place order" }).click()));
    const refusal = (buyer: Page) => checkoutForm(buyer).getByRole("alert").filter({ hasText: placeOrderMessages.outOfStock });
    for (const buyer of buyers) await expect(buyer.getByTestId("order-number").or(refusal(buyer))).toBeVisible();
    const ordered = await Promise.all(buyers.map((buyer) => buyer.getByTestId("order-number").isVisible()));
    expect(ordered.filter(Boolean)).toHaveLength(1);

    const loser = buyers[ordered.indexOf(false)];
    await expect(checkoutForm(loser).getByRole("alert")).toContainText(
      `${product.name} (M · White): you asked for 1, none are left.`,
    );
    await expectStockLabel(loser, product, "Sold out");
    for (const buyer of buyers) await buyer.close();
  },
);

test(
  "when stock runs out meanwhile, nothing is stored and the shopper sees the short line and what is left",
  { tag: "@embedded" },
  async ({ browser, baseURL }) => {
    const product = fixtureProducts.short; // 2 in stock
    const [shopper, other] = await Promise.all([browser.newPage({ baseURL }), browser.newPage({ baseURL })]);
    await readyToBuy(shopper, product, 2);
    await readyToBuy(other, product, 1);
    await placeOrder(other);

    await checkoutForm(shopper).getByRole("button", { name: "Place order" }).click();
    const alert = checkoutForm(shopper).getByRole("alert");
    await expect(alert).toContainText(placeOrderMessages.outOfStock);
    await expect(alert).toContainText(`${product.name} (M · White): you asked for 2, only 1 left.`);
    await expect(alert.getByRole("link", { name: "Review your cart" })).toHaveAttribute("href", "/cart");
    await expect(shopper).toHaveURL(/\/checkout$/);

    // Nothing stored: the one left is still there, and the cart still holds both.
    await expectStockLabel(shopper, product, "Only 1 left");
    await shopper.goto("/checkout");
    await expect(checkoutForm(shopper).getByRole("list", { name: "Items" })).toContainText("Qty 2");
    await expect(checkoutForm(shopper).getByRole("list", { name: "Items" })).toContainText("Only 1 left");
    await shopper.close();
    await other.close();
  },
);
