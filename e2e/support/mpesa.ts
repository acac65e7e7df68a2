import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { fixtureProducts } from "../fixtures/products";
import { addFromProductPage } from "./cart";
import { checkoutForm, fillDelivery, placeOrder } from "./checkout";
import { uniqueEmail } from "./auth";

// The Daraja simulator that scripts/e2e-server.mjs starts beside the shop, and the callback token it sets.
export const simulatorURL = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 1000}`;
export const callbackPath = "/api/payments/mpesa/callback/e2e-tests-only-callback-token-0123456789";

/**
 * A phone number no other test uses (so the per-phone limit on prompts never joins two tests),
 * ending in `digit`: the simulator's outcome (scripts/mpesa-simulator/outcomes.ts).
 */
export function phoneEndingIn(digit: number): string {
  return `07${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}${digit}`;
}

/** The fixture the M-Pesa tests buy: size XL (plenty in stock), or XXL (5) for the order that expires. */
export const mpesaProduct = fixtureProducts.backOffice;

/** Checks out one unit of the M-Pesa fixture paying by M-Pesa from `phone` (delivery in Nairobi); returns the order's number and e-mail. */
export async function orderByMpesa(
  page: Page,
  phone: string,
  size: "XL" | "XXL" | "4-6Y" = "XL",
): Promise<{ number: string; email: string }> {
  const email = uniqueEmail("mpesa");
  await addFromProductPage(page, mpesaProduct.slug, { size });
  await page.goto("/checkout");
  await fillDelivery(
    page,
    {
      "Full name": "Wambui Njeri",
      Phone: "0711000222",
      Email: email,
      County: "Nairobi City",
      Town: "Nairobi",
      "Street or building": "Kenyatta Avenue",
    },
    "M-Pesa",
  );
  await checkoutForm(page).getByLabel("M-Pesa phone number").fill(phone);
  return { number: await placeOrder(page), email };
}

/** Clicks 'Try again' and waits until the new prompt is out (the page says so) before its outcome. */
export async function tryAgain(page: Page) {
  await paymentSection(page).getByRole("button", { name: "Try again" }).click();
  await expect(paymentSection(page)).toContainText("Check your phone");
}

/** The failure's message on the order page. */
export const paymentFailure = (page: Page) => page.getByTestId("payment-failure");

export type SimulatedPush = {
  CheckoutRequestID: string;
  MerchantRequestID: string;
  amount: number;
  phone: string;
  receipt: string | null;
};

/** The pushes the simulator received for an order (its number is the AccountReference). */
export async function pushesFor(request: APIRequestContext, orderNumber: string): Promise<SimulatedPush[]> {
  const answer = await request.get(`${simulatorURL}/__simulator/pushes?accountReference=${orderNumber}`);
  return ((await answer.json()) as { pushes: SimulatedPush[] }).pushes;
}

export async function setDarajaDown(request: APIRequestContext, down: boolean) {
  expect((await request.post(`${simulatorURL}/__simulator/down`, { data: { down } })).ok()).toBe(true);
}

/** The order page's payment section. */
export const paymentSection = (page: Page) => page.getByTestId("payment");

/** The C2B URLs' own path token (scripts/e2e-server.mjs); the paths avoid 'mpesa' as Safaricom requires. */
export const c2bToken = "e2e-tests-only-c2b-token-0123456789abcdef";

/** Registers the shop's C2B URLs with the simulator, as `npm run mpesa -- register-urls` does with Daraja. */
export async function registerC2bUrls(request: APIRequestContext, baseURL: string) {
  const basic = Buffer.from("simulator-key:simulator-secret").toString("base64");
  const tokenAnswer = await request.get(`${simulatorURL}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${basic}` },
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const registered = await request.post(`${simulatorURL}/mpesa/c2b/v2/registerurl`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      ShortCode: "174379",
      ResponseType: "Completed",
      ConfirmationURL: `${baseURL}/api/payments/c2b/confirm/${c2bToken}`,
      ValidationURL: `${baseURL}/api/payments/c2b/validate/${c2bToken}`,
    },
  });
  expect(registered.ok()).toBe(true);
}

/**
 * A shopper pays the Paybill by hand in the simulator; its confirmation follows at once, unless
 * `confirmations` is 0 (lost). Returns the M-Pesa code.
 */
export async function payPaybill(
  request: APIRequestContext,
  payment: { amount: number; account: string; phone: string; confirmations?: 0 | 1 },
) {
  return payByHand(request, { kind: "paybill", ...payment });
}

async function payByHand(request: APIRequestContext, payment: Record<string, unknown>) {
  const answer = await request.post(`${simulatorURL}/__simulator/c2b/pay`, { data: payment });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { TransID: string }).TransID;
}
