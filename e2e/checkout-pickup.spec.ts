import { expect, test, type Page } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { payOnArrival } from "../lib/orders/payment-copy";
import { site } from "../lib/site";
import { uniqueEmail } from "./support/auth";
import { checkoutForm, fillDelivery, pickupContact, placeOrder, seededFees } from "./support/checkout";
import { mailsTo, plainText } from "./support/mail";

// Whole purchases: slow on a busy machine.
test.slow();

// The XL size has plenty of stock for order flows (e2e/fixtures/products.ts).
const product = fixtureProducts.backOffice;
const price = product.variants.find((variant) => variant.size === "XL")!.price;
/** The pickup point the migration seeds. */
const studio = {
  name: "Kijani Threads studio",
  place: "Pick up at Kijani Threads studio, Kimathi Street, Jamia Towers, 3rd Floor, Nairobi (Monday to Saturday, 8 am to 6 pm)",
};

async function checkoutWithOne(page: Page) {
  await addFromProductPage(page, product.slug, { size: "XL" });
  await page.goto("/checkout");
}

async function expectPickupOrderPage(page: Page) {
  await expect(page.getByRole("heading", { name: "Pickup", exact: true })).toBeVisible();
  await expect(page.getByTestId("delivery-address")).toHaveText(studio.place);
  await expect(page.getByTestId("delivery-window")).toHaveText(/^Ready \w{3}, \d{1,2} \w{3} – \w{3}, \d{1,2} \w{3}$/);
  await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
  await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(price));
}

test("a shopper picks up at the studio: no address asked, no fee, and the order says where to collect it", async ({ page }) => {
  await checkoutWithOne(page);
  const form = checkoutForm(page);
  await expect(form.getByRole("radio", { name: "Deliver to me" })).toBeChecked();
  await expect(form.getByLabel("Town")).toBeVisible();
  await form.getByRole("radio", { name: "Pick up" }).check();
  // Only the checked choice's fields show: the address goes, the points come.
  await expect(form.getByLabel("Town")).toBeHidden();
  await expect(form.getByRole("radio", { name: `${studio.name}: Free` })).toBeChecked();
  await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
  await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(price));
  await expectNoSeriousAxeViolations(page);

  // Notes and payment are the point's, not a rider's.
  await expect(form.getByLabel("Notes for the pickup point (optional)")).toBeVisible();
  await expect(form.getByText(/gate colour/i)).toHaveCount(0);
  const payAtPoint = form.getByRole("radio", { name: payOnArrival.pickup.label });
  await expect(payAtPoint).toHaveAccessibleDescription(payOnArrival.pickup.note);

  const email = uniqueEmail("pickup");
  await fillDelivery(page, { ...pickupContact(), Email: email });
  await expect(payAtPoint).toBeChecked();
  const number = await placeOrder(page);
  await expectPickupOrderPage(page);
  await expect(page.getByTestId("payment")).toContainText(payOnArrival.pickup.note);
  const [mail] = (await mailsTo(email, 1, `Your ${site.name} order ${number}`)).map(plainText);
  expect(mail).toContain(`Payment: ${payOnArrival.pickup.label}. ${payOnArrival.pickup.note}`);
  expect(mail).not.toMatch(/rider/i);
});

test("choosing delivery again asks for the address", async ({ page }) => {
  await checkoutWithOne(page);
  const form = checkoutForm(page);
  await form.getByRole("radio", { name: "Pick up" }).check();
  await form.getByRole("radio", { name: "Deliver to me" }).check();
  await fillDelivery(page, pickupContact());
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(form.getByLabel("County")).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shopper chooses pickup, is shown its fee before placing, and places the order with plain form posts", async ({
    page,
  }) => {
    await checkoutWithOne(page);
    const form = checkoutForm(page);
    await form.getByRole("radio", { name: "Pick up" }).check();
    await expect(form.getByLabel("Town")).toBeHidden();
    await fillDelivery(page, pickupContact());
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(
      page.getByText(/^Pickup at Kijani Threads studio is free \(ready to pick up in 1–2 days\)\. Nothing is ordered yet/),
    ).toBeVisible();
    await expect(form.getByRole("radio", { name: "Pick up" })).toBeChecked();
    await expect(page.getByTestId("summary-delivery")).toHaveText("Free");
    await placeOrder(page);
    await expectPickupOrderPage(page);
  });

  test("delivery still needs the address, and is placed as before", async ({ page }) => {
    await checkoutWithOne(page);
    await fillDelivery(page, { ...pickupContact(), County: "Kisumu" });
    await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
    await expect(page.getByText("Enter your town (up to 80 characters).")).toBeVisible();
    // The answer showed Kisumu's fee, so this post places the order.
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.elsewhere));
    await fillDelivery(page, { Town: "Kisumu", "Street or building": "Oginga Odinga Street" });
    await placeOrder(page);
    await expect(page.getByTestId("delivery-address")).toContainText("Oginga Odinga Street");
  });
});
