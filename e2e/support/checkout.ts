import { expect, type Page } from "@playwright/test";
import type { SeedProduct } from "../../lib/catalog/seed-data";
import { payOnArrival } from "../../lib/orders/payment-copy";
import { uniqueEmail } from "./auth";
import { addFromProductPage } from "./cart";

/** The delivery fees the migration seeds (drizzle/0016): Nairobi City's, and every other county's. */
export const seededFees = { nairobi: 200, elsewhere: 450 } as const;

/** Delivery details that pass every rule (a fresh e-mail each time). */
export function deliveryDetails(overrides: Partial<Record<DeliveryLabel, string>> = {}): Record<DeliveryLabel, string> {
  return {
    "Full name": "Achieng Otieno",
    Phone: "0722 000 333",
    Email: uniqueEmail("buyer"),
    County: "Kisumu",
    Town: "Kisumu",
    "Street or building": "Oginga Odinga Street, Mega Plaza",
    "Delivery notes (optional)": "Call at the gate",
    ...overrides,
  };
}

/** The shopper's details without an address or a rider's notes: pickup needs neither. */
export function pickupContact() {
  const {
    County: _county,
    Town: _town,
    "Street or building": _street,
    "Delivery notes (optional)": _notes,
    ...contact
  } = deliveryDetails();
  return contact;
}

export type DeliveryLabel =
  "Full name" | "Phone" | "Email" | "County" | "Town" | "Street or building" | "Delivery notes (optional)";

/** Adds a fixture product (its one variant) to the cart from its page. */
export async function addToCart(page: Page, product: SeedProduct, quantity = 1) {
  await addFromProductPage(page, product.slug, { quantity });
}

/** Fills the checkout's delivery details. */
export async function fillDelivery(
  page: Page,
  details: Partial<Record<DeliveryLabel, string>>,
  payment: "M-Pesa" | "Card or Airtel Money" | "on arrival" = "on arrival",
) {
  const form = checkoutForm(page);
  for (const [label, value] of Object.entries(details)) {
    const field = form.getByLabel(label, { exact: true });
    if (label === "County") await field.selectOption(value);
    else await field.fill(value);
  }
  // The tests' shop offers M-Pesa (through the Daraja simulator); most tests pay on delivery, or at the pickup point.
  const onArrival = new RegExp(`^(${payOnArrival.delivery.label}|${payOnArrival.pickup.label})$`);
  await form.getByRole("radio", { name: payment === "on arrival" ? onArrival : payment }).check();
}

export const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });

/** Places the order and waits for its page; returns the order number. */
export async function placeOrder(page: Page): Promise<string> {
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/KT-[A-Z0-9]{7}$/);
  return (await page.getByTestId("order-number").textContent())!;
}

/**
 * Without JavaScript the summary cannot follow the county select: the first 'Place order' only quotes
 * the county's fee (placing nothing), and the second places the order.
 */
export async function placeOrderWithoutJavaScript(page: Page): Promise<string> {
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Nothing is ordered yet: check the total and place your order\.$/)).toBeVisible();
  return placeOrder(page);
}

/**
 * Waits until a fixture product's page says `label` about its stock ('Only 4 left', 'Sold out',
 * 'In stock'). After an order, a catalog page may be one visit late while it re-renders (issue 28),
 * so the page is opened again until it says so, as a shopper refreshing would.
 */
export async function expectStockLabel(page: Page, product: SeedProduct, label: string) {
  await expect(async () => {
    await page.goto(`/products/${product.slug}`);
    const purchase = page.locator("form").filter({ has: page.getByRole("button", { name: "Add to cart" }) });
    await expect(purchase.getByText(/^(Only \d+ left|Sold out|In stock)$/)).toHaveText(label, { timeout: 1_000 });
  }).toPass();
}

/** The fields the checkout form posts without JavaScript (React's action references included). */
export async function checkoutFormFields(page: Page): Promise<Record<string, string>> {
  return checkoutForm(page).evaluate((form: HTMLFormElement) =>
    Object.fromEntries(Array.from(new FormData(form), ([name, value]) => [name, String(value)])),
  );
}
