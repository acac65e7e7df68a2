import { expect, test, type Page } from "@playwright/test";
import { cartMessages } from "../lib/cart/rules";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage, cartLine, expectCartCount } from "./support/cart";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";

// Several page loads and server round trips per test: give them room on a busy machine.
test.slow();

// Each test fills its own guest cart (its own browser context) from seeded products.

async function fillCart(page: Page) {
  await addFromProductPage(page, "plain-organic-cotton-tee", { colour: "White", size: "M", quantity: 1 }); // KSh 1,199
  await addFromProductPage(page, "heavy-duty-trash-bags-90l", { pack: "10 bags", quantity: 2 }); // KSh 549
  await page.goto("/cart");
}

// Delivery costs KSh 200 and up; the seeded studio's pickup is free, so the total starts at the subtotal.
async function expectTotals(page: Page, subtotal: string) {
  await expect(page.getByTestId("cart-subtotal")).toHaveText(subtotal);
  await expect(page.getByTestId("cart-delivery")).toHaveText("from KSh 200");
  await expect(page.getByTestId("cart-pickup")).toHaveText("Free");
  await expect(page.getByTestId("cart-total")).toHaveText(`from ${subtotal}`);
}

test("the cart page lists the lines with the subtotal, delivery fees and total", async ({ page }) => {
  await fillCart(page);
  await expect(page).toHaveTitle(/Your cart/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  const tee = cartLine(page, "Plain Organic Cotton Tee");
  await expect(tee.locator("img")).toHaveAttribute("src", "/images/products/plain-organic-cotton-tee.svg");
  await expect(tee.getByRole("link", { name: "Plain Organic Cotton Tee" })).toHaveAttribute(
    "href",
    "/products/plain-organic-cotton-tee",
  );
  await expect(tee).toContainText("M · White");
  await expect(tee.getByRole("spinbutton")).toHaveAttribute("max", "20");
  await expectTotals(page, "KSh 2,297");
  await expect(page.getByText("KSh 200–KSh 450 by county")).toBeVisible();
  await expect(page.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
});

test("changing a quantity and removing lines update the totals and the badge at once and after a reload", async ({ page }) => {
  await fillCart(page);
  const tee = cartLine(page, "Plain Organic Cotton Tee");
  await tee.getByRole("spinbutton").fill("3");
  await tee.getByRole("button", { name: /^Update/ }).click();
  await expect(tee.getByTestId("line-total")).toHaveText("KSh 3,597");
  await expectTotals(page, "KSh 4,695");
  await expectCartCount(page, 5);

  await cartLine(page, "Heavy-Duty Trash Bags 90 L")
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expectTotals(page, "KSh 3,597");
  await expectCartCount(page, 3);

  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(cartLine(page, "Plain Organic Cotton Tee").getByRole("spinbutton")).toHaveValue("3");
  await expectCartCount(page, 3);

  await cartLine(page, "Plain Organic Cotton Tee")
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop all products" })).toHaveAttribute("href", "/products");
  await expectCartCount(page, 0);
  await page.reload();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("a change shows before the server answers and rolls back when it fails", async ({ page }) => {
  await fillCart(page);
  // Hold the next server action and then drop it, as a lost connection would.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/cart", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.abort("failed");
  });

  const tee = cartLine(page, "Plain Organic Cotton Tee");
  await tee.getByRole("spinbutton").fill("4");
  await tee.getByRole("button", { name: /^Update/ }).click();
  await expect(tee.getByTestId("line-total")).toHaveText("KSh 4,796");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("KSh 5,894");

  release();
  await expect(tee.getByText(cartMessages.notSaved)).toBeVisible();
  await expect(tee.getByRole("spinbutton")).toHaveValue("1");
  await expectTotals(page, "KSh 2,297");

  await page.unroute("**/cart");
  await page.reload();
  await expect(cartLine(page, "Plain Organic Cotton Tee").getByRole("spinbutton")).toHaveValue("1");
});

test("a quantity the server refuses rolls back with its message; one above the stock is limited", async ({ page }) => {
  await addFromProductPage(page, "maasai-mara-sunrise-tee", { colour: "White", size: "L", quantity: 1 }); // 3 left
  await page.goto("/cart");
  const line = cartLine(page, "Maasai Mara Sunrise T-shirt");
  const quantity = line.getByRole("spinbutton");

  // Past the browser's checks, as a hand-made request would be.
  await quantity.evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
  await quantity.fill("500");
  await line.getByRole("button", { name: /^Update/ }).click();
  await expect(line.getByText(cartMessages.quantity)).toBeVisible();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("KSh 1,699");

  await quantity.evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
  await quantity.fill("9");
  await line.getByRole("button", { name: /^Update/ }).click();
  await expect(line.getByText(cartMessages.clamped(3))).toBeVisible();
  await expect(quantity).toHaveValue("3");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("KSh 5,097");
  await expectCartCount(page, 3);
});

test("the cart page has no serious accessibility violations, full or empty", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await fillCart(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
});

test("the cart page fits a 360 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await fillCart(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expectNoHorizontalScroll(page);
});
