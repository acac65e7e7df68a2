import { expect, type Page } from "@playwright/test";

/** The guest cart cookie's name, as the shop sets it (lib/server/cookies.ts, which tests cannot import: it is server-only). */
export const guestCartCookieName = "kt_cart";

export type Choice = { colour?: string; size?: string; pack?: string; quantity?: number };

/** Opens a product page, picks the options and quantity, adds to the cart and waits for the answer. */
export async function addFromProductPage(
  page: Page,
  slug: string,
  choice: Choice = {},
  expected: string | RegExp = "Added to cart.",
) {
  await page.goto(`/products/${slug}`);
  await chooseOptions(page, choice);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(purchaseStatus(page)).toHaveText(expected);
}

export async function chooseOptions(page: Page, { colour, size, pack, quantity }: Choice) {
  if (colour) await page.getByRole("group", { name: "Colour" }).getByText(colour, { exact: true }).click();
  if (size) await page.getByRole("group", { name: "Size" }).getByText(size, { exact: true }).click();
  if (pack) await page.getByRole("group", { name: "Pack" }).getByText(pack, { exact: true }).click();
  if (quantity !== undefined) await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
}

/** The live region under 'Add to cart'. */
export const purchaseStatus = (page: Page) => page.getByTestId("add-to-cart-status");

/** The header's cart link ('Cart', or 'Cart, 3 items'). */
export const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart/ });

/** Waits until the header's badge shows `count` items (no badge at 0). */
export async function expectCartCount(page: Page, count: number) {
  const link = cartLink(page);
  if (count === 0) {
    await expect(link).toHaveAccessibleName("Cart");
    await expect(link.getByTestId("cart-count")).toHaveCount(0);
  } else {
    await expect(link).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);
    await expect(link.getByTestId("cart-count")).toHaveText(String(count));
  }
}

/** The cart page's line for a product name. */
export const cartLine = (page: Page, name: string) =>
  page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name, exact: true }) });
