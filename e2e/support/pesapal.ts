import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { fixtureProducts } from "../fixtures/products";
import { addFromProductPage } from "./cart";
import { checkoutForm, deliveryDetails, fillDelivery } from "./checkout";

// The Pesapal simulator that scripts/e2e-server.mjs starts beside the shop (PORT + 3000).
const port = Number(process.env.PORT ?? 3000);
export const pesapalURL = `http://127.0.0.1:${port + 3000 === 6000 ? 6100 : port + 3000}`;

/** A Pesapal transaction as the simulator shows it to tests. */
export type SimulatedTransaction = {
  trackingId: string;
  merchantReference: string;
  amount: number;
  statusCode: number;
  paymentMethod: string;
  confirmationCode: string;
  refund: { amount: number; approved: boolean } | null;
};

/** How the simulator sends the next payments' notifications. */
export async function setIpnMode(request: APIRequestContext, mode: "normal" | "late" | "twice" | "never") {
  expect((await request.post(`${pesapalURL}/__simulator/ipn-mode`, { data: { mode, lateMs: 3000 } })).ok()).toBe(true);
}

/** The transactions the simulator holds for an order (their merchant reference starts with its number). */
export async function transactionsFor(request: APIRequestContext, orderNumber: string): Promise<SimulatedTransaction[]> {
  const all = (await (await request.get(`${pesapalURL}/__simulator/transactions`)).json()) as SimulatedTransaction[];
  return all.filter((transaction) => transaction.merchantReference.startsWith(`${orderNumber}-`));
}

/**
 * Checks out `quantity` of size S of the back office's fixture paying by card or Airtel Money, and
 * lands on Pesapal's (the simulator's) page; returns the order's number, read from the reference.
 */
export async function orderByCard(page: Page, quantity = 1): Promise<{ number: string; email: string }> {
  const details = deliveryDetails({ County: "Nairobi City", Town: "Nairobi" });
  await addFromProductPage(page, fixtureProducts.backOffice.slug, { size: "S", quantity });
  await page.goto("/checkout");
  await fillDelivery(page, details, "Card or Airtel Money");
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Pesapal simulator" })).toBeVisible();
  const number = /KT-[A-Z0-9]{7}/.exec((await page.getByText(/^Pay KES/).textContent()) ?? "")![0];
  return { number, email: details.Email };
}

/** On Pesapal's page: pay by card, by Airtel Money, or decline; back on the order's page. */
export async function payOnPesapal(page: Page, choice: "Pay by card" | "Pay by Airtel Money" | "Decline") {
  await page.getByRole("button", { name: choice }).click();
  await expect(page).toHaveURL(/\/orders\/KT-[A-Z0-9]{7}$/);
}
