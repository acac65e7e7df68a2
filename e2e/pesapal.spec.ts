import { expect, test, type Page } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { payOnArrival, pesapalMessages } from "../lib/orders/payment-copy";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { orderStepLabels } from "../lib/orders/staff-labels";
import { orderStatusLabels } from "../lib/orders/status";
import { returnReasonLabels, returnStatusLabels, returnStepLabels } from "../lib/returns/rules";
import { fixtureProducts } from "./fixtures/products";
import { waitForHydration } from "./support/console";
import { paymentFailure, paymentSection } from "./support/mpesa";
import { orderByCard, payOnPesapal, setIpnMode, transactionsFor } from "./support/pesapal";
import { staffState } from "./support/staff";

// One file, in order: each test sets how the simulator sends its notifications.
test.describe.configure({ mode: "serial" });
test.slow();

const unitPrice = fixtureProducts.backOffice.variants[0].price;

test("a card payment is confirmed by Pesapal's status query alone, and the order page says 'Paid'", async ({ page }) => {
  // No notification ever: the shopper's return makes the shop ask Pesapal.
  await setIpnMode(page.request, "never");
  const { number } = await orderByCard(page);
  await payOnPesapal(page, "Pay by card");
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  const [transaction] = await transactionsFor(page.request, number);
  await expect(page.getByTestId("receipt")).toHaveText(pesapalMessages.paid(transaction.confirmationCode));
  await expect(paymentSection(page)).toContainText(`Card or Airtel Money · Paid ${formatKsh(transaction.amount)}`);
});

test("an Airtel Money payment pending when the shopper returns says so, then 'Paid' once Pesapal confirms it", async ({
  page,
}) => {
  await setIpnMode(page.request, "twice");
  await orderByCard(page);
  await payOnPesapal(page, "Pay by Airtel Money");
  await expect(page.getByTestId("payment-pending")).toHaveText(pesapalMessages.pending);
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
});

test("a declined payment says so in plain words, and the shopper pays on delivery instead", async ({ page }) => {
  await setIpnMode(page.request, "normal");
  await orderByCard(page);
  await payOnPesapal(page, "Decline");
  await expect(paymentFailure(page)).toHaveText(pesapalMessages.declined);
  await expect(paymentSection(page).getByRole("button", { name: pesapalMessages.tryAgain })).toBeVisible();
  await paymentSection(page).getByRole("button", { name: "Pay on delivery instead" }).click();
  await expect(paymentSection(page)).toContainText(payOnArrival.delivery.note);
});

test("a forged notification changes nothing: an unknown id is refused, and a real one only makes the shop ask Pesapal", async ({
  page,
}) => {
  await setIpnMode(page.request, "normal");
  const { number } = await orderByCard(page);
  const [transaction] = await transactionsFor(page.request, number);
  const forged = (trackingId: string) => ({
    OrderTrackingId: trackingId,
    OrderMerchantReference: transaction.merchantReference,
    OrderNotificationType: "IPNCHANGE",
  });
  const unknown = await page.request.post("/api/payments/pesapal/ipn", { data: forged("not-a-tracking-id") });
  expect(await unknown.json()).toMatchObject({ status: 500 });
  expect((await page.request.post("/api/payments/pesapal/ipn", { data: "{not json" })).status()).toBe(400);
  // The real id, but the shopper has not paid: Pesapal says so, and the order still waits.
  const real = await page.request.post("/api/payments/pesapal/ipn", { data: forged(transaction.trackingId) });
  expect(await real.json()).toEqual({ ...lowerCased(forged(transaction.trackingId)), status: 200 });
  const callback = `/api/payments/pesapal/callback?OrderTrackingId=${transaction.trackingId}&OrderNotificationType=CALLBACKURL`;
  await page.goto(callback);
  await expect(page.getByTestId("payment-pending")).toHaveText(pesapalMessages.pending);
  await expect(page.getByTestId("payment-status")).toHaveCount(0);
});

test("a card payment refunded in part through Pesapal: 'Refund requested' until Pesapal approves it", async ({
  page,
  browser,
  baseURL,
}) => {
  await setIpnMode(page.request, "normal");
  const { number } = await orderByCard(page, 2);
  await payOnPesapal(page, "Pay by card");
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");

  const staff = await (await browser.newContext({ baseURL, storageState: staffState("staff") })).newPage();
  await staff.goto(staffOrderPath(number));
  for (const step of ["confirmed", "dispatched", "delivered"] as const) {
    await staff.getByRole("button", { name: orderStepLabels[step], exact: true }).click();
    await expect(staff.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[step]);
  }
  await returnOneUnit(page);
  await staff.goto("/admin/returns");
  await waitForHydration(staff);
  const row = staff.getByTestId("return-row").filter({ has: staff.getByRole("link", { name: number, exact: true }) });
  for (const [step, status] of [
    ["approve", returnStatusLabels.approved],
    ["receive", returnStatusLabels.received],
  ] as const) {
    await row.getByRole("button", { name: returnStepLabels[step], exact: true }).click();
    await expect(row.getByTestId("return-status")).toHaveText(status);
  }

  await staff.goto(staffOrderPath(number));
  const refunds = staff.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText(formatKsh(unitPrice));
  await refunds.getByRole("button", { name: "Refund through Pesapal" }).click();
  await expect(refunds.getByTestId("refund-row")).toContainText(/Refund requested|Refunded: Pesapal/);
  await expect(async () => {
    await staff.reload();
    await expect(refunds.getByTestId("refund-row")).toContainText("Refunded: Pesapal", { timeout: 1000 });
  }).toPass();
  const [transaction] = await transactionsFor(page.request, number);
  expect(transaction.refund).toEqual({ amount: unitPrice, approved: true });
  await page.reload();
  await expect(page.getByTestId("refund")).toHaveText(`Refunded ${formatKsh(unitPrice)} through Pesapal, the way you paid.`);
});

/** The shopper, on their order's page, returns one unit for a refund. */
async function returnOneUnit(page: Page) {
  await page.reload();
  const summary = page.getByText("Return or exchange", { exact: true });
  await summary.click();
  const form = page.getByRole("form", { name: "Return or exchange" });
  await form.getByLabel(/^How many to return/).fill("1");
  await form.getByLabel("Why are you returning it?").selectOption({ label: returnReasonLabels.wrong_size });
  await form.getByRole("button", { name: "Send return request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your return request is sent." })).toBeVisible();
}

function lowerCased(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.charAt(0).toLowerCase() + name.slice(1), value]));
}
