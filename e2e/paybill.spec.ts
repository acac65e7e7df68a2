import { expect, test, type Page } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { c2bMessages, codeCheckMessages, payOnArrival, paymentMethodLabels } from "../lib/orders/payment-copy";
import { orderPath } from "../lib/orders/status";
import { uniqueEmail } from "./support/auth";
import { addFromProductPage } from "./support/cart";
import { checkoutForm, fillDelivery, placeOrder } from "./support/checkout";
import {
  mpesaProduct,
  orderByMpesa,
  paymentFailure,
  paymentSection,
  c2bToken,
  callbackPath,
  payPaybill,
  phoneEndingIn,
  registerC2bUrls,
} from "./support/mpesa";
import { staffState } from "./support/staff";

// Paybill payments (M-Pesa C2B) through the simulator; the matching rules' detail is in lib/payments/mpesa/c2b.test.ts.
test.describe.configure({ mode: "serial" });

// Size XL and Nairobi's delivery fee.
const total = mpesaProduct.variants.find((variant) => variant.size === "XL")!.price + 200;
const payer = "254712345678";

test.beforeAll(async ({ request, baseURL }) => registerC2bUrls(request, baseURL!));

test("a shopper whose prompt failed pays part by Paybill, sees the part paid, and completes the order with a second payment", async ({
  page,
}) => {
  const { number } = await orderByMpesa(page, phoneEndingIn(2));
  await expect(paymentFailure(page)).toBeVisible();
  const manual = page.getByTestId("manual-payment");
  await expect(manual).toContainText(c2bMessages.heading({ paybill: "174379" }));
  for (const step of c2bMessages.steps({ paybill: "174379" }, number, total)) await expect(manual).toContainText(step);

  // The account as shoppers type it: lower case, without the prefix.
  await payPaybill(page.request, { amount: total - 100, account: number.slice(3).toLowerCase(), phone: payer });
  await expect(page.getByTestId("part-paid")).toHaveText(c2bMessages.partPaid(total - 100, 100));
  await expect(manual).toContainText(`Amount: ${formatKsh(100)}`);
  await payPaybill(page.request, { amount: 100, account: number, phone: payer });
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(paymentSection(page)).toContainText(formatKsh(total));
});

test("a shilling by Paybill every half window does not keep an unpaid order, or its stock, past its window", async ({ page }) => {
  // The e2e server's window is 15 s (MPESA_PAYMENT_WINDOW_MINUTES=0.25): a part every 7.5 s, as an
  // attacker would send one every half of a real window, each received well within it.
  test.setTimeout(60_000);
  const { number } = await orderByMpesa(page, phoneEndingIn(2));
  const placedAt = Date.now();
  await expect(paymentFailure(page)).toBeVisible();
  let cancelledAfter: number | null = null;
  while (cancelledAfter === null && Date.now() - placedAt < 40_000) {
    await payPaybill(page.request, { amount: 1, account: number, phone: payer });
    await page.waitForTimeout(7_500);
    await page.reload();
    if ((await page.getByTestId("order-status").textContent()) === "Cancelled") cancelledAfter = Date.now() - placedAt;
  }
  expect(cancelledAfter).not.toBeNull();
  expect(cancelledAfter).toBeLessThan(30_000);
});

test("a confirmation counts only behind the C2B token, for the shop's own Paybill, once M-Pesa confirms its code", async ({
  page,
}) => {
  // The simulator's Till is not the shop's (it prompts to the Paybill): its payments are refused like
  // a stranger's; lib/payments/mpesa/c2b.test.ts tests how a Till payment finds its order.
  const { number } = await orderByMpesa(page, phoneEndingIn(2));
  const forged = (shortcode: string) => ({
    TransactionType: "Pay Bill",
    TransID: `ZZ${Date.now().toString(36).toUpperCase()}`.slice(0, 10).padEnd(10, "X"),
    TransAmount: `${total}.00`,
    BusinessShortCode: shortcode,
    BillRefNumber: number,
    MSISDN: payer,
    FirstName: "Mallory",
  });
  const confirm = (token: string, body: object) => page.request.post(`/api/payments/c2b/confirm/${token}`, { data: body });
  expect((await confirm(callbackPath.split("/").pop()!, forged("174379"))).status()).toBe(404);
  expect((await confirm(c2bToken, forged("999999"))).status()).toBe(400);
  // With the token and the shop's shortcode, a code M-Pesa does not know pays nothing.
  expect((await confirm(c2bToken, forged("174379"))).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("payment-status")).toHaveCount(0);
  await expect(page.getByTestId("part-paid")).toHaveCount(0);
  await payPaybill(page.request, { amount: total, account: number, phone: payer });
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(paymentSection(page)).toContainText(formatKsh(total));
});

/** A pay-on-delivery order (it waits for no payment window); returns its number. */
async function orderOnDelivery(page: Page) {
  await addFromProductPage(page, mpesaProduct.slug, { size: "XL" });
  await page.goto("/checkout");
  await fillDelivery(page, {
    "Full name": "Wambui Njeri",
    Phone: "0711000222",
    Email: uniqueEmail("paybill"),
    County: "Nairobi City",
    Town: "Nairobi",
    "Street or building": "Kenyatta Avenue",
  });
  // No Paybill at checkout, whichever way the shopper pays: the order has no number to pay to yet (issue 55).
  for (const method of [paymentMethodLabels.mpesa, payOnArrival.delivery.label]) {
    await checkoutForm(page).getByRole("radio", { name: method }).check();
    await expect(page.getByRole("main")).not.toContainText("174379");
  }
  return placeOrder(page);
}

test("staff assign a payment whose account named no order, and the order is paid", async ({ page, browser, baseURL }) => {
  const number = await orderOnDelivery(page);
  const code = await payPaybill(page.request, { amount: total, account: "my order", phone: payer });

  const staff = await (await browser.newContext({ baseURL, storageState: staffState("staff") })).newPage();
  await staff.goto("/admin/payments");
  const form = staff.getByRole("form", { name: `Assign ${code} to an order` });
  await expect(form).toBeVisible();
  await form.getByLabel("Order number").fill("KT-2222222");
  await form.getByRole("button", { name: "Assign to order" }).click();
  await expect(form.getByText(c2bMessages.unknownOrder)).toBeVisible();
  await form.getByLabel("Order number").fill(number);
  await form.getByRole("button", { name: "Assign to order" }).click();
  await expect(staff.getByRole("heading", { name: new RegExp(code) })).toHaveCount(0);

  await page.goto(orderPath(number));
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
});

test("staff add a payment whose confirmation was lost by its code; it counts once M-Pesa confirms it", async ({
  page,
  browser,
  baseURL,
}) => {
  const number = await orderOnDelivery(page);
  const code = await payPaybill(page.request, { amount: total, account: number, phone: payer, confirmations: 0 });

  const staff = await (await browser.newContext({ baseURL, storageState: staffState("staff") })).newPage();
  await staff.goto("/admin/payments");
  const form = staff.getByRole("form", { name: codeCheckMessages.title });
  const checks = staff.getByTestId("code-checks");
  const check = async (typed: string, orderNumber = "") => {
    await form.getByLabel("M-Pesa code").fill(typed);
    await form.getByLabel("Order number (optional)").fill(orderNumber);
    await form.getByRole("button", { name: "Check with M-Pesa" }).click();
    await expect(form.getByText(codeCheckMessages.asked(typed.toUpperCase()))).toBeVisible();
  };
  await check("ZZZ0000000");
  await expect(checks).toContainText(`ZZZ0000000: ${codeCheckMessages.notFound("The transaction could not be found.")}`);
  await check(code.toLowerCase(), number);
  await expect(checks).toContainText(`${code}: ${codeCheckMessages.counted(number)}`);

  await page.goto(orderPath(number));
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
});
