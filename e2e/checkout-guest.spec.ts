import { expect, test } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { carrierPromise } from "../lib/couriers/carriage-words";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import {
  addToCart,
  checkoutForm,
  deliveryDetails,
  expectStockLabel,
  fillDelivery,
  placeOrder,
  seededFees,
} from "./support/checkout";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";
import { mailsTo } from "./support/mail";

// Whole purchases across several pages (and browsers): slow on a busy machine.
test.slow();

const product = fixtureProducts.guest;
const price = product.variants[0].price;

test("an empty cart's checkout says so and links to the shop", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page).toHaveTitle(/Checkout/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Continue shopping" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
});

test("a guest checks out, sees the confirmation and receives it by e-mail", { tag: "@embedded" }, async ({ page, browser }) => {
  await addToCart(page, product, 2);
  await page.goto("/cart");
  await page.getByRole("main").getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = checkoutForm(page);
  await expect(form.getByRole("list", { name: "Items" })).toContainText(
    `${product.name}M · White · Qty 2${formatKsh(2 * price)}`,
  );
  await expect(form.getByText("Pay on delivery", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Save these details for next time")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  const details = deliveryDetails({ County: "Mombasa", Town: "Mombasa", "Street or building": "Moi Avenue, Nyali Centre" });
  await fillDelivery(page, details);
  await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.elsewhere));
  const number = await placeOrder(page);

  // The confirmation: number, lines, totals, address, when and how.
  await expect(page).toHaveTitle(/Your order/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByText(`Order number ${number}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Items" })).toContainText(
    `${product.name}M · White · Qty 2${formatKsh(2 * price)}`,
  );
  await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(2 * price + seededFees.elsewhere));
  await expect(page.getByTestId("delivery-window")).toHaveText(/^\w{3}, \d{1,2} \w{3} – \w{3}, \d{1,2} \w{3}$/);
  await expect(page.getByText("Moi Avenue, Nyali Centre")).toBeVisible();
  // Mombasa is a courier's county (migration 0040): the buyer collects at the courier's office.
  await expect(page.getByTestId("carrier-promise")).toHaveText(carrierPromise.courier);
  await expect(page.getByText("Pay on delivery", { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const [mail] = await mailsTo(details.Email);
  const text = mail.replace(/=\r?\n/g, "");
  expect(text).toMatch(new RegExp(`^Subject: .*${number}`, "m"));
  expect(text).toContain(`Order number ${number} is received;`);
  expect(text).not.toContain("confirmed");
  expect(text).toContain(`/orders/${number}`);

  // The order emptied the cart and took the stock.
  await page.goto("/checkout");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expectStockLabel(page, product, "In stock");

  // Another browser (no cart cookie, not signed in) cannot open it.
  const stranger = await browser.newPage();
  const response = await stranger.goto(`/orders/${number}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await stranger.close();
});

test("an unknown or malformed order number answers 404", async ({ page }) => {
  for (const path of ["/orders/KT-2222222", "/orders/nope"]) {
    expect((await page.goto(path))?.status()).toBe(404);
  }
  // A NUL byte never reaches the route: proxy.ts answers 400.
  expect((await page.goto("/orders/%00"))?.status()).toBe(400);
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: phoneViewport });

  test("checkout and confirmation fit without scrolling sideways", async ({ page }) => {
    await addToCart(page, fixtureProducts.browse);
    await page.goto("/checkout");
    await expectNoHorizontalScroll(page);
    await fillDelivery(page, deliveryDetails());
    await placeOrder(page);
    await expectNoHorizontalScroll(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest adds to cart, is shown the county's fee before placing, and places the order with plain form posts", async ({
    page,
  }) => {
    await addToCart(page, product);
    await page.goto("/checkout");
    await expect(page.getByTestId("summary-delivery")).toHaveText("Choose your county");
    await fillDelivery(page, deliveryDetails({ County: "Nairobi City", Town: "Nairobi" }));
    // Without JavaScript the summary cannot follow the select: the first post quotes the fee and places nothing.
    await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
    await expect(
      page.getByText(/^Delivery to Nairobi City costs KSh 200 \(delivered in 1–2 days\)\. Nothing is ordered yet/),
    ).toBeVisible();
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.nairobi));
    await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(price + seededFees.nairobi));
    await expect(checkoutForm(page).getByLabel("County")).toHaveValue("Nairobi City");
    const number = await placeOrder(page);
    await expect(page.getByText(`Order number ${number}`)).toBeVisible();
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.nairobi));
  });
});
