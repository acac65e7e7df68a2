import { expect, test, type Page } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { deliveryMessages } from "../lib/checkout/delivery-details";
import { paymentMethodLabels } from "../lib/orders/payment-copy";
import { fixtureProducts } from "./fixtures/products";
import { addToCart, checkoutForm, deliveryDetails, fillDelivery, seededFees, type DeliveryLabel } from "./support/checkout";

// These tests never place an order: they share the browse fixture, whose stock they leave alone.
const product = fixtureProducts.browse;
const price = product.variants[0].price;

test.beforeEach(async ({ page }) => {
  await addToCart(page, product);
  await page.goto("/checkout");
});

/** The field's message, read through its aria-describedby, and the browser's own validity. */
async function expectMessage(page: Page, label: DeliveryLabel, message: string | null) {
  const field = checkoutForm(page).getByLabel(label, { exact: true });
  if (message === null) {
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    expect(await field.evaluate((element: HTMLInputElement) => element.validity.valid)).toBe(true);
    return;
  }
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  await expect(page.locator(`#${describedBy}`)).toHaveText(message);
  expect(await field.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(message);
}

test("autofill reads the one-line street as an address's first line, and every input says its type", async ({ page }) => {
  const street = checkoutForm(page).getByLabel("Street or building", { exact: true });
  await expect(street).toHaveAttribute("autocomplete", "address-line1");
  await expect(page.locator("input:not([type])")).toHaveCount(0);
});

test("each field shows its rule's message in the browser once typed into or left, and clears when fixed", async ({ page }) => {
  const samples: [DeliveryLabel, string, string, string][] = [
    ["Full name", "   ", "Wanjiku Kamau", deliveryMessages.fullName],
    ["Phone", "0812 345 678", "0712 345 678", deliveryMessages.phone],
    ["Email", "not-an-email", "wanjiku@example.co.ke", deliveryMessages.email],
    ["Town", " ", "Nakuru", deliveryMessages.town],
    ["Street or building", " ", "Kenyatta Avenue", deliveryMessages.street],
  ];
  for (const [label, invalid, valid, message] of samples) {
    const field = checkoutForm(page).getByLabel(label, { exact: true });
    await field.fill(invalid);
    await field.blur();
    await expectMessage(page, label, message);
    await field.fill(valid);
    await expectMessage(page, label, null);
  }

  // The county: chosen from the list; leaving it empty is refused.
  const county = checkoutForm(page).getByLabel("County");
  await county.focus();
  await county.blur();
  await expectMessage(page, "County", deliveryMessages.county);
  await county.selectOption("Nakuru");
  await expectMessage(page, "County", null);

  // A submit with a field still wrong is stopped by the browser on that field.
  await checkoutForm(page).getByLabel("Phone", { exact: true }).fill("12345");
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expect(checkoutForm(page).getByLabel("Phone", { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("with the browser's checks off, the server answers with the same messages beside the fields and stores nothing", async ({
  page,
}) => {
  await checkoutForm(page).evaluate((form: HTMLFormElement) => {
    form.noValidate = true;
    form.querySelectorAll("[maxlength]").forEach((field) => field.removeAttribute("maxlength"));
  });
  await fillDelivery(
    page,
    deliveryDetails({ "Full name": " ", Phone: "12345", Email: "nope", Town: "", "Street or building": "x".repeat(201) }),
  );
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expectMessage(page, "Full name", deliveryMessages.fullName);
  await expectMessage(page, "Phone", deliveryMessages.phone);
  await expectMessage(page, "Email", deliveryMessages.email);
  await expectMessage(page, "Town", deliveryMessages.town);
  await expectMessage(page, "Street or building", deliveryMessages.street);
  await expectMessage(page, "County", null);
  // The form keeps what was typed, and nothing was bought: the cart still holds the line.
  await expect(checkoutForm(page).getByLabel("County")).toHaveValue("Kisumu");
  await expect(checkoutForm(page).getByLabel("Email")).toHaveValue("nope");
  await page.reload();
  await expect(checkoutForm(page).getByRole("list", { name: "Items" })).toContainText(product.name);
});

test("the delivery fee and days follow the county, from its stored rate", async ({ page }) => {
  await expect(page.getByTestId("summary-subtotal")).toHaveText(formatKsh(price));
  await expect(page.getByTestId("summary-delivery")).toHaveText("Choose your county");
  const hint = `Delivery: ${formatKsh(seededFees.nairobi)}–${formatKsh(seededFees.elsewhere)} by county.`;
  await expect(page.getByText(hint)).toBeVisible();

  const county = checkoutForm(page).getByLabel("County");
  await expect(county.locator("option")).toHaveCount(48);
  await county.selectOption("Nairobi City");
  await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.nairobi));
  await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(price + seededFees.nairobi));
  await expect(page.getByText(`Delivery: ${formatKsh(seededFees.nairobi)}, delivered in 1–2 days.`)).toBeVisible();
  await county.selectOption("Turkana");
  await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(seededFees.elsewhere));
  await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(price + seededFees.elsewhere));
  await expect(page.getByText(`Delivery: ${formatKsh(seededFees.elsewhere)}, delivered in 2–5 days.`)).toBeVisible();
});

test("the M-Pesa phone number is asked only while M-Pesa is the chosen way to pay", async ({ page }) => {
  const form = checkoutForm(page);
  const mpesaPhone = form.getByLabel("M-Pesa phone number");
  await expect(form.getByRole("radio", { name: paymentMethodLabels.mpesa })).toBeChecked();
  await expect(mpesaPhone).toBeVisible();
  await form.getByRole("radio", { name: paymentMethodLabels.pay_on_delivery }).check();
  await expect(mpesaPhone).toBeHidden();
  await form.getByRole("radio", { name: paymentMethodLabels.mpesa }).check();
  await expect(mpesaPhone).toBeVisible();
});
