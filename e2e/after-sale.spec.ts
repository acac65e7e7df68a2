import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { deliveryFailureLabels, deliveryFailureMessages } from "../lib/orders/delivery-failure";
import { owedBack, refundLine } from "../lib/orders/refund-rules";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { failureFormLabels, failureNoteLabel, orderStepLabel } from "../lib/orders/staff-labels";
import { orderStatusLabels } from "../lib/orders/status";
import { statusCopyOf } from "../lib/orders/status-copy";
import { fixtureProducts } from "./fixtures/products";
import { uniqueEmail } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";
import { waitForHydration } from "./support/console";
import { mailsTo } from "./support/mail";
import { mpesaProduct, orderByMpesa, phoneEndingIn } from "./support/mpesa";
import { staffAccounts, staffState } from "./support/staff";
import { expectStatus, takeStep } from "./support/staff-orders";

// Failed deliveries, refunds and the dashboard's sales. The back office's fixture product: size S
// (plenty) for pay on delivery, XL (plenty) for M-Pesa. Stock is checked in the variant's history,
// which names the order, so other specs buying the same size change nothing here. The dashboard's
// figures are read before and after, in one serial file.
test.describe.configure({ mode: "serial" });
test.slow();
test.use({ storageState: staffState("staff") });

const product = fixtureProducts.backOffice;

test("a refused parcel is sent out again, then returned to the shop with its stock back; the shopper reads each step", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  const email = uniqueEmail("refused");
  await addFromProductPage(shopper, product.slug, { size: "S" });
  await shopper.goto("/checkout");
  // The rider's round (a courier's parcel has its own reasons: e2e/couriers.spec.ts).
  await fillDelivery(shopper, deliveryDetails({ Email: email, County: "Nairobi City" }));
  const number = await placeOrder(shopper);

  await page.goto(staffOrderPath(number));
  await takeStep(page, number, "placed", "confirmed");
  await takeStep(page, number, "confirmed", "dispatched");

  // The reason is required; then the parcel is recorded as back from its round.
  const failure = page.getByRole("form", { name: failureFormLabels.delivery.form });
  await failure.getByRole("button", { name: orderStepLabel("dispatched", "delivery_failed") }).click();
  expect(
    await failure
      .getByLabel(failureFormLabels.delivery.reason)
      .evaluate((select: HTMLSelectElement) => select.validity.valueMissing),
  ).toBe(true);
  await expect(failure.getByText(deliveryFailureMessages.reason)).toBeVisible();
  // 'Other' needs a note: the browser says so with the server's words, and nothing is sent.
  await failure.getByLabel(failureFormLabels.delivery.reason).selectOption({ label: deliveryFailureLabels.other });
  await failure.getByRole("button", { name: orderStepLabel("dispatched", "delivery_failed") }).click();
  await expect(failure.getByText(deliveryFailureMessages.note)).toBeVisible();
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.dispatched);
  await failure.getByLabel(failureFormLabels.delivery.reason).selectOption({ label: deliveryFailureLabels.refused });
  await failure.getByLabel(failureNoteLabel).fill("Said it was the wrong colour");
  await failure.getByRole("button", { name: orderStepLabel("dispatched", "delivery_failed") }).click();
  await expectStatus(page, number, "delivery_failed");
  await expect(page.getByTestId("history-row").last()).toContainText("Refused by the buyer. Said it was the wrong colour");
  await expectNoSeriousAxeViolations(page);

  await takeStep(page, number, "delivery_failed", "dispatched");
  await page.getByLabel(failureFormLabels.delivery.reason).selectOption({ label: deliveryFailureLabels.unreachable });
  await page.getByRole("button", { name: orderStepLabel("dispatched", "delivery_failed") }).click();
  await expectStatus(page, number, "delivery_failed");
  await takeStep(page, number, "delivery_failed", "returned");
  await expect(page.getByText("No further steps: this order is final.")).toBeVisible();

  // The unit is back on the shelf, as a movement that names the order.
  await stockHistoryOf(page, "S · White");
  await expect(stockHistoryRow(page, `Returned parcel ${number}`)).toContainText(staffAccounts.staff.email);
  await expect(stockHistoryRow(page, `Returned parcel ${number}`)).toContainText("+1");

  await shopper.reload();
  await expect(shopper.getByTestId("order-status")).toHaveText(orderStatusLabels.returned);
  // A returned parcel is no longer coming: its own sentence, no dates, no rider, no thanks.
  await expect(shopper.getByTestId("status-sentence")).toHaveText(statusCopyOf("delivery", "returned").body);
  await expect(shopper.getByTestId("delivery-window")).toHaveCount(0);
  await expect(shopper.getByText(/rider brings it/)).toHaveCount(0);
  await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Your order");
  await expect(shopper.getByTestId("refund")).toHaveText(owedBack(0));
  // Confirmation, confirmed, on its way, failed, on its way, failed, returned.
  const subjects = await subjectsTo(email, 7);
  expect(subjects).toContain(`Your order ${number} could not be delivered`);
  expect(subjects).toContain(`Your order ${number} came back to us`);
  await shopper.context().close();
});

test("a paid M-Pesa parcel returned to the shop becomes 'Refund due'; recorded in cash, the dashboard counts it that day", async ({
  page,
  browser,
  baseURL,
}) => {
  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  const { number } = await orderByMpesa(shopper, phoneEndingIn(0));
  await expect(shopper.getByTestId("payment-status")).toHaveText("Paid");
  const amount = mpesaProduct.variants.find((variant) => variant.size === "XL")!.price + 200;

  await page.goto(staffOrderPath(number));
  await takeStep(page, number, "placed", "confirmed");
  await takeStep(page, number, "confirmed", "dispatched");
  await page.getByLabel(failureFormLabels.delivery.reason).selectOption({ label: deliveryFailureLabels.wrong_address });
  await page.getByRole("button", { name: orderStepLabel("dispatched", "delivery_failed") }).click();
  await expectStatus(page, number, "delivery_failed");
  await takeStep(page, number, "delivery_failed", "returned");
  const refund = page.getByTestId("refund-row");
  await expect(refund).toContainText("Refund due");
  await expect(refund).toContainText(formatKsh(amount));
  await shopper.reload();
  await expect(shopper.getByTestId("refund")).toHaveText(refundLine({ amount, status: "due", reference: null }));

  const before = await todaysSales(page);
  await page.goto(staffOrderPath(number));
  await waitForHydration(page);
  await refund.getByLabel("Sent back by").selectOption({ label: "Cash" });
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund).toContainText(`Refunded: Cash`);
  await expect(refund).toContainText(staffAccounts.staff.email);
  await shopper.reload();
  await expect(shopper.getByTestId("refund")).toHaveText(`Refunded ${formatKsh(amount)} in cash.`);
  await shopper.context().close();

  const after = await todaysSales(page);
  expect(after.refunds - before.refunds).toBe(amount);
  expect(after.revenue - before.revenue).toBe(-amount);
});

test("the dashboard draws 30 or 90 days of sales, with the same figures in a table, and fits a phone", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await page.goto("/admin");
  const sales = page.getByRole("region", { name: "Sales per day" });
  await expect(sales.getByRole("img")).toHaveCount(3);
  await expect(sales.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(sales.getByTestId("sales-day")).toHaveCount(30);
  await expectNoHorizontalScroll(page);
  await sales.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/\/admin\?days=90$/);
  await expect(sales.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "page");
  await expect(sales.getByTestId("sales-day")).toHaveCount(90);
  await sales.getByText("The figures as a table").click();
  await expect(sales.getByRole("table", { name: "Revenue, orders and refunds per day, oldest first" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

/** Opens the stock history of the back office's fixture product's variant. */
async function stockHistoryOf(page: Page, label: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  await page.getByRole("link", { name: product.name, exact: true }).click();
  await page.getByRole("link", { name: `Stock history of ${label}` }).click();
}

const stockHistoryRow = (page: Page, text: string): Locator =>
  page.getByRole("table", { name: "Stock changes, newest first" }).locator("tbody tr").filter({ hasText: text });

/** The subjects of the e-mails to an address, once at least `count` arrived. */
async function subjectsTo(address: string, count: number): Promise<string[]> {
  const mails = await mailsTo(address, count);
  return mails.map((mail) => mail.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1].replace(/\r?\n[ \t]/g, " ") ?? "");
}

/** Today's row of the dashboard's table (the last one). */
async function todaysSales(page: Page): Promise<{ revenue: number; refunds: number }> {
  await page.goto("/admin");
  const cells = page.getByTestId("sales-day").last().locator("td");
  const [revenue, , refunds] = await cells.allTextContents();
  return { revenue: Number(revenue), refunds: Number(refunds) };
}
