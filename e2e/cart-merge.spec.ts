import { expect, test } from "@playwright/test";
import { newShopper, signIn, signUp } from "./support/auth";
import { addFromProductPage, cartLine, expectCartCount, guestCartCookieName } from "./support/cart";

// Each test signs up, signs in and fills carts on two devices: more than the default 30 s on a busy machine.
test.slow();

test("signing up keeps the guest's cart, which then follows the shopper to another device", async ({ page, browser }) => {
  await addFromProductPage(page, "kiswahili-proverb-tee", { colour: "Navy", size: "M", quantity: 2 });
  await addFromProductPage(page, "kitchen-drawstring-bags-20l", { pack: "30 bags", quantity: 1 });
  await expectCartCount(page, 3);

  const shopper = await signUp(page, newShopper("cart-merge"));
  await expectCartCount(page, 3);
  expect((await page.context().cookies()).find((cookie) => cookie.name === guestCartCookieName)).toBeUndefined();
  await page.goto("/cart");
  await expect(cartLine(page, "Kiswahili Proverb T-shirt").getByRole("spinbutton")).toHaveValue("2");
  await expect(cartLine(page, "Kitchen Drawstring Bags 20 L").getByRole("spinbutton")).toHaveValue("1");

  // Another device: the same account sees the same cart.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await signIn(other, shopper.email, shopper.password);
  await expect(other).not.toHaveURL(/\/login/);
  await expectCartCount(other, 3);
  await other.goto("/cart");
  await expect(other.getByTestId("cart-line")).toHaveCount(2);
  await expect(cartLine(other, "Kiswahili Proverb T-shirt").getByRole("spinbutton")).toHaveValue("2");

  // A change on one device is there on the other.
  await cartLine(other, "Kitchen Drawstring Bags 20 L")
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(other.getByTestId("cart-line")).toHaveCount(1);
  await expectCartCount(other, 2); // the server has answered
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expectCartCount(page, 2);
  await otherDevice.close();
});

test("signing in merges the guest's lines into the account's cart", async ({ page, browser }) => {
  const shopper = await signUp(page, newShopper("cart-merge-in"));
  await addFromProductPage(page, "rift-valley-vintage-tee", { colour: "Charcoal", size: "M", quantity: 1 });
  await expectCartCount(page, 1);

  const guestDevice = await browser.newContext();
  const guest = await guestDevice.newPage();
  await addFromProductPage(guest, "rift-valley-vintage-tee", { colour: "Charcoal", size: "M", quantity: 2 });
  await addFromProductPage(guest, "compostable-kitchen-bags-10l", { pack: "25 bags", quantity: 1 });
  await expectCartCount(guest, 3);
  await signIn(guest, shopper.email, shopper.password);
  await expect(guest).not.toHaveURL(/\/login/);
  await expectCartCount(guest, 4);
  await guest.goto("/cart");
  await expect(cartLine(guest, "Rift Valley Vintage T-shirt").getByRole("spinbutton")).toHaveValue("3");
  await expect(cartLine(guest, "Compostable Kitchen Bags 10 L").getByRole("spinbutton")).toHaveValue("1");
  await guestDevice.close();

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expectCartCount(page, 4);
});
