import { expect, test } from "@playwright/test";
import { cartMessages } from "../lib/cart/rules";
import {
  addFromProductPage,
  cartLine,
  chooseOptions,
  expectCartCount,
  guestCartCookieName,
  purchaseStatus,
} from "./support/cart";

// Several page loads and server round trips per test: give them room on a busy machine.
test.slow();

// Each test has its own browser context, hence its own guest cart. Adding to a cart never
// changes stock, so the catalog's fixed test products can be used here.

test(
  "adds the chosen colour, size and quantity, and the badge counts them on every page and after a reload",
  { tag: "@embedded" },
  async ({ page }) => {
    await addFromProductPage(page, "nairobi-skyline-hoodie", { colour: "Sand", size: "M", quantity: 2 });
    await expectCartCount(page, 2);

    await page.goto("/cart");
    const line = cartLine(page, "Nairobi Skyline Hoodie");
    await expect(line).toContainText("M · Sand");
    await expect(line).toContainText("KSh 3,299 each");
    await expect(line.getByRole("spinbutton")).toHaveValue("2");
    await expect(line.getByTestId("line-total")).toHaveText("KSh 6,598");

    for (const path of ["/", "/about", "/products", "/login", "/cart"]) {
      await page.goto(path);
      await expectCartCount(page, 2);
    }
    await page.reload();
    await expectCartCount(page, 2);
  },
);

test("adds a pack of trash bags at the pack's price, and adding again sums the line", async ({ page }) => {
  await addFromProductPage(page, "recycled-trash-bags-30l", { pack: "50 bags", quantity: 2 });
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expectCartCount(page, 3);

  await page.goto("/cart");
  const line = cartLine(page, "Recycled Trash Bags 30 L");
  await expect(line).toContainText("Pack of 50");
  await expect(line.getByRole("spinbutton")).toHaveValue("3");
  await expect(line.getByTestId("line-total")).toHaveText("KSh 2,697");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
});

test("a quantity beyond the stock is limited to it, with a notice", async ({ page }) => {
  // Maasai Mara Sunrise, White L: 3 left (the catalog's fixed low-stock variant).
  await addFromProductPage(page, "maasai-mara-sunrise-tee", { colour: "White", size: "L", quantity: 2 });
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveAttribute("max", "3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(purchaseStatus(page)).toHaveText(cartMessages.clamped(3));
  await expectCartCount(page, 3);
});

test("a sold-out product cannot be added", async ({ page }) => {
  await page.goto("/products/kanga-print-hoodie");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toBeDisabled();
});

test("adding to the cart leaves the related products' links working: no failed request, no console error", async ({ page }) => {
  // Tall enough that the related products are in view with the button: the router prefetches the links in view.
  await page.setViewportSize({ width: 1280, height: 2400 });
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/products/nairobi-skyline-hoodie");
  const related = page.getByRole("list", { name: "Related products" }).getByRole("link");
  await expect(related.first()).toBeVisible();

  for (const quantity of [1, 2]) {
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expectCartCount(page, quantity);
  }
  // The router prefetches the related products' links again after each add; let those answers arrive.
  await page.waitForLoadState("networkidle");
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

test("a new guest's first add to cart is answered with its result alone, not the whole page again", async ({ page, context }) => {
  await page.goto("/products/kijani-logo-tee");
  expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: guestCartCookieName }));
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/products/"),
  );
  await page.getByRole("button", { name: "Add to cart" }).click();
  const answer = await answered;
  // Next.js marks an action's answer that carries the page again (any cookie the action sets does that).
  expect(answer.headers()["x-action-revalidated"]).toBeUndefined();
  await expect(purchaseStatus(page)).toHaveText("Added to cart.");
  await expectCartCount(page, 1);
  const cookie = (await context.cookies()).find(({ name }) => name === guestCartCookieName);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  await page.reload();
  await expectCartCount(page, 1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product form adds to the cart and the cart page changes and removes lines", async ({ page }) => {
    await page.goto("/products/kijani-logo-tee");
    await chooseOptions(page, { colour: "Black", size: "S", quantity: 2 });
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(purchaseStatus(page)).toHaveText("Added to cart.");

    await page.goto("/cart");
    const line = cartLine(page, "Kijani Logo T-shirt");
    await expect(line).toContainText("S · Black");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("KSh 2,998");

    await line.getByRole("spinbutton").fill("4");
    await line.getByRole("button", { name: /^Update/ }).click();
    await expect(cartLine(page, "Kijani Logo T-shirt").getByRole("spinbutton")).toHaveValue("4");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("KSh 5,996");

    await cartLine(page, "Kijani Logo T-shirt")
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });
});
