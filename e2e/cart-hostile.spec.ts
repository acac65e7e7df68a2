import { expect, test, type Page } from "@playwright/test";
import { cartMessages } from "../lib/cart/rules";
import { addFromProductPage, cartLine, guestCartCookieName, purchaseStatus } from "./support/cart";

// Several page loads and server round trips per test: give them room on a busy machine.
test.slow();

// Hand-made posts: the forms are sent without JavaScript and without the browser's checks,
// with values no honest form sends. Each must be refused with a message, store nothing and never answer 500.

test.describe("hostile posts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const badAdditions: { field: "quantity" | "variantId"; value: string; message: string }[] = [
    { field: "quantity", value: "-1", message: cartMessages.quantity },
    { field: "quantity", value: "NaN", message: cartMessages.quantity },
    { field: "quantity", value: "0", message: cartMessages.quantity },
    { field: "quantity", value: "1e9", message: cartMessages.quantity },
    { field: "quantity", value: "99999999999999999999", message: cartMessages.quantity },
    { field: "variantId", value: "999999999", message: cartMessages.unavailable },
    { field: "variantId", value: "1; drop table carts", message: cartMessages.unavailable },
  ];

  for (const { field, value, message } of badAdditions) {
    test(`'Add to cart' refuses ${field} ${JSON.stringify(value)}`, async ({ page }) => {
      await page.goto("/products/plain-organic-cotton-tee");
      await forceValue(page, `input[name="${field}"]`, value);
      await submitAndExpectNoServerError(page, page.getByRole("button", { name: "Add to cart" }));
      await expect(purchaseStatus(page)).toHaveText(message);
      await expectEmptyCart(page);
    });
  }

  test("the cart page's line form refuses bad quantities and other variants, changing nothing", async ({ page }) => {
    await page.goto("/products/plain-organic-cotton-tee");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(purchaseStatus(page)).toHaveText("Added to cart.");

    for (const [quantity, message] of [
      ["-3", cartMessages.quantity],
      ["abc", cartMessages.quantity],
      ["100", cartMessages.quantity],
    ]) {
      await page.goto("/cart");
      await forceValue(page, 'input[name="quantity"]', quantity);
      await submitAndExpectNoServerError(page, page.getByRole("button", { name: /^Update/ }));
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole("spinbutton")).toHaveValue("1");
    }

    await page.goto("/cart");
    await forceValue(page, 'input[name="variantId"]', "999999999");
    await submitAndExpectNoServerError(page, page.getByRole("button", { name: /^Update/ }));
    await expect(page.getByText(cartMessages.unavailable)).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-subtotal")).toHaveText("KSh 1,199");
  });
});

test("a forged or stolen-looking cart cookie gets an empty cart, never another shopper's lines", async ({
  page,
  browser,
  baseURL,
}) => {
  await addFromProductPage(page, "big-five-tee", { colour: "Olive", size: "M", quantity: 2 });
  const victimCookie = (await page.context().cookies()).find((cookie) => cookie.name === guestCartCookieName)!;
  expect(victimCookie.httpOnly).toBe(true);
  expect(victimCookie.sameSite).toBe("Lax");

  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  for (const forged of ["x".repeat(43), "%27or%201%3D1--", victimCookie.value.slice(0, -1), "a".repeat(4000)]) {
    await attacker.clearCookies();
    await attacker.addCookies([{ name: guestCartCookieName, value: forged, url: baseURL! }]);
    const response = await attackerPage.goto("/cart");
    expect(response?.status()).toBe(200);
    await expect(attackerPage.getByText("Your cart is empty.")).toBeVisible();
    const viewer = await attackerPage.request.get("/api/viewer");
    expect(viewer.status()).toBe(200);
    expect((await viewer.json()).cartCount).toBe(0);
  }
  await attacker.close();

  await page.goto("/cart");
  await expect(cartLine(page, "Big Five T-shirt").getByRole("spinbutton")).toHaveValue("2");
});

/** Sets a form field to any value, past the browser's own checks. */
async function forceValue(page: Page, selector: string, value: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((input: HTMLInputElement, forced) => {
      input.form!.noValidate = true;
      input.type = "text";
      input.disabled = false;
      input.value = forced;
    }, value);
}

async function submitAndExpectNoServerError(page: Page, button: ReturnType<Page["getByRole"]>) {
  const [response] = await Promise.all([page.waitForResponse((answer) => answer.request().method() === "POST"), button.click()]);
  expect(response.status()).toBeLessThan(500);
}

async function expectEmptyCart(page: Page) {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
}
