import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatKsh } from "../lib/catalog/price";
import { staffOrderPath } from "../lib/orders/staff-filters";
import { orderStepLabels } from "../lib/orders/staff-labels";
import { orderStatusLabels } from "../lib/orders/status";
import { returnCopy } from "../lib/returns/events";
import {
  returnMessages,
  returnReasonLabels,
  returnResolutionLabels,
  returnStatusLabels,
  returnStepLabels,
} from "../lib/returns/rules";
import { returnStepMessages } from "../lib/returns/staff-steps";
import { creditedDocumentLabel, invoiceHeadings, invoicePathOf } from "../lib/invoices/labels";
import { formatCents } from "../lib/tax/money";
import { lateOrder } from "./fixtures/late-order";
import { fixtureProducts } from "./fixtures/products";
import { signUp } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/console";
import { addFromProductPage, guestCartCookieName } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { mailsTo, orderLinkIn } from "./support/mail";
import { expectReportedToKra, salesAtKra } from "./support/etims";
import { staffState } from "./support/staff";
import { fillDispatch, takeStep } from "./support/staff-orders";

// A whole purchase taken to delivery in the back office, then returned: slow on a busy machine.
test.slow();

// The default page is the 'staff' account's; each shopper has a browser of their own.
test.use({ storageState: staffState("staff") });

// Size S of the back office's fixture product has plenty of stock, and so has L (the exchange).
const product = fixtureProducts.backOffice;
const sizeS = product.variants[0];
const lineName = `${product.name} (S · White)`;

test("a return asked through the order's e-mailed link, received and refunded in cash", async ({ page, browser, baseURL }) => {
  const { number, email } = await deliveredOrder(browser, baseURL!, page, 2);

  // Another device, not signed in: the delivery e-mail's signed link opens the return form.
  const [delivered] = await mailsTo(email, 1, `Your order ${number} has been delivered`);
  const shopper = await guestPage(browser, baseURL!);
  await shopper.goto(orderLinkIn(delivered, number));
  await openReturnForm(shopper);
  await expectNoSeriousAxeViolations(shopper);
  await returnForm(shopper)
    .getByLabel(/^How many to return/)
    .fill("2");
  await returnForm(shopper).getByLabel("Why are you returning it?").selectOption({ label: returnReasonLabels.wrong_size });
  await returnForm(shopper).getByLabel("Anything we should know? (optional)").fill("Too small across the shoulders.");
  await returnForm(shopper).getByRole("button", { name: "Send return request" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "Your return request is sent." })).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByTestId("return-status")).toHaveText(returnStatusLabels.requested);
  const [requested] = await mailsTo(email, 1, `Your order ${number}: ${returnCopy.requested.subject}`);
  expect(orderLinkIn(requested, number)).toContain("?key=");

  const row = await returnRow(page, number);
  await expect(row).toContainText(`2 × ${lineName}: refund of ${formatKsh(2 * sizeS.price)}`);
  await expect(row).toContainText("Too small across the shoulders.");
  await expectNoSeriousAxeViolations(page);
  await takeReturnStep(page, number, "approve", returnStepMessages.approved, returnStatusLabels.approved);
  await takeReturnStep(page, number, "receive", returnStepMessages.received, returnStatusLabels.received);
  await expectMailSubject(email, `Your order ${number}: ${returnCopy.received.subject}`);

  // The order's page: the units came back, and the refund is due until staff record it.
  await page.goto(staffOrderPath(number));
  await waitForHydration(page);
  await expect(page.getByText(`Return received, units back in stock.`)).toBeVisible();
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText(formatKsh(2 * sizeS.price));
  await refunds.getByLabel("Sent back by").selectOption({ label: "Cash" });
  await refunds.getByRole("button", { name: "Record refund" }).click();
  await expect(refunds.getByTestId("refund-row")).toContainText("Refunded: Cash");
  await expect(page.getByText(`Refunded ${formatKsh(2 * sizeS.price)} in cash.`)).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByTestId("return-status")).toHaveText(returnStatusLabels.received);
  await expect(shopper.getByText("Return or exchange", { exact: true })).toHaveCount(0);

  // The refund's credit note takes the two units back from the sale's invoice, and is reported to KRA.
  await shopper.goto(invoicePathOf(shopper.url()));
  const credit = shopper
    .getByTestId("invoice")
    .filter({ has: shopper.getByRole("heading", { name: invoiceHeadings.credit_note }) });
  await expect(credit.getByTestId("invoice-total")).toHaveText(formatCents(2 * sizeS.price * 100));
  const saleNumber = await shopper.getByTestId("invoice").first().getByTestId("invoice-number").textContent();
  // The e2e server's shop has its KRA PIN (scripts/e2e-server.mjs): its sales are tax invoices.
  await expect(credit).toContainText(new RegExp(`${creditedDocumentLabel("P051234567X")}\\s*${saleNumber}`));
  await expectReportedToKra(shopper, credit);
  const creditNumber = Number(await credit.getByTestId("invoice-number").textContent());
  expect(await salesAtKra(shopper.request, creditNumber)).toMatchObject([
    { rcptTyCd: "R", request: expect.objectContaining({ orgInvcNo: Number(saleNumber) }) },
  ]);
});

test("an exchange: another size held at approval, shipped as a linked order with nothing to pay", async ({
  page,
  browser,
  baseURL,
}) => {
  const { shopper, number, email } = await deliveredOrder(browser, baseURL!, page, 1);

  await openReturnForm(shopper, number);
  await returnForm(shopper)
    .getByLabel(/^How many to return/)
    .fill("1");
  await returnForm(shopper).getByLabel(returnResolutionLabels.exchange).check();
  // Only the sizes at S's price are offered: XL and XXL cost less.
  const options = returnForm(shopper).getByLabel("Instead I would like").getByRole("option");
  await expect(options.filter({ hasText: "L · White" })).toHaveCount(1);
  await expect(options.filter({ hasText: /XL/ })).toHaveCount(0);
  await returnForm(shopper).getByLabel("Instead I would like").selectOption({ label: "L · White" });
  await returnForm(shopper).getByLabel("Why are you returning it?").selectOption({ label: returnReasonLabels.wrong_size });
  await returnForm(shopper).getByRole("button", { name: "Send return request" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "Your return request is sent." })).toBeVisible();

  const row = await returnRow(page, number);
  await expect(row).toContainText(`1 × ${lineName}: exchange for L · White, KSh 2,400 each, as paid`);
  await takeReturnStep(page, number, "approve", returnStepMessages.approved, returnStatusLabels.approved);
  await takeReturnStep(page, number, "receive", returnStepMessages.received, returnStatusLabels.received);
  const exchangeLink = row.getByRole("link", { name: /^KT-/ }).last();
  const exchangeNumber = (await exchangeLink.textContent())!.trim();
  expect(exchangeNumber).not.toBe(number);
  await expectMailSubject(email, `Your order ${number}: ${returnCopy.received.subject}`);

  // The linked order: confirmed, L at nothing to pay, and staff ship it like any other.
  await exchangeLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${exchangeNumber}`);
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels.confirmed);
  await expect(page.getByRole("table", { name: "Items ordered" })).toContainText("L · White");
  await expect(page.getByText(`Exchange for order ${number}: nothing to pay.`)).toBeVisible();
  await takeStep(page, exchangeNumber, "confirmed", "dispatched");

  await shopper.reload();
  await expect(shopper.getByText(`Your exchange ships as order ${exchangeNumber}.`)).toBeVisible();
  await shopper.goto(`/orders/${exchangeNumber}`);
  await expect(shopper.getByTestId("order-status")).toHaveText(orderStatusLabels.dispatched);
});

test("every refused return request says why and stores nothing", async ({ page, browser, baseURL }) => {
  const { shopper, number } = await deliveredOrder(browser, baseURL!, page, 2);
  await openReturnForm(shopper, number);
  const send = () => returnForm(shopper).getByRole("button", { name: "Send return request" }).click();
  const refused = (message: string) => expect(shopper.getByRole("alert").filter({ hasText: message })).toBeVisible();
  const quantity = () => returnForm(shopper).getByLabel(/^How many to return/);
  const reason = () => returnForm(shopper).getByLabel("Why are you returning it?");

  // Nothing chosen.
  await reason().selectOption({ label: returnReasonLabels.faulty });
  await send();
  await refused(returnMessages.nothingChosen);

  // More than was bought (past the field's own limit, as a hand-made post would be).
  await quantity().evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
  await quantity().fill("3");
  await reason().selectOption({ label: returnReasonLabels.faulty });
  await send();
  await refused(returnMessages.tooMany(lineName, 2));

  // An exchange with no size or colour chosen.
  await quantity().fill("1");
  await returnForm(shopper).getByLabel(returnResolutionLabels.exchange).check();
  await reason().selectOption({ label: returnReasonLabels.faulty });
  await send();
  await refused(returnMessages.exchangeChoice(lineName));
  await shopper.reload();
  await expect(shopper.getByTestId("return")).toHaveCount(0);

  // The same line twice: a second tab sends it first.
  await openReturnForm(shopper, number);
  const other = await shopper.context().newPage();
  await openReturnForm(other, number);
  await returnForm(other)
    .getByLabel(/^How many to return/)
    .fill("1");
  await returnForm(other).getByLabel("Why are you returning it?").selectOption({ label: returnReasonLabels.faulty });
  await returnForm(other).getByRole("button", { name: "Send return request" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Your return request is sent." })).toBeVisible();
  await quantity().fill("1");
  await reason().selectOption({ label: returnReasonLabels.faulty });
  await send();
  await refused(returnMessages.twice(lineName));
  await shopper.reload();
  await expect(shopper.getByTestId("return")).toHaveCount(1);

  // After the window: an order delivered 30 days ago offers no form, and says why.
  const late = await guestPage(browser, baseURL!);
  await late.context().addCookies([{ name: guestCartCookieName, value: lateOrder.guestToken, url: baseURL! }]);
  await late.goto(`/orders/${lateOrder.number}`);
  await expect(late.getByTestId("returns-closed")).toHaveText(returnMessages.afterWindow(14));
  await expect(late.getByText("Return or exchange")).toHaveCount(0);
});

/** A new shopper's order of size S, taken to delivery by staff on `staffPage`. */
async function deliveredOrder(browser: Browser, baseURL: string, staffPage: Page, quantity: number) {
  const shopper = await guestPage(browser, baseURL);
  await signUp(shopper);
  const details = deliveryDetails();
  await addFromProductPage(shopper, product.slug, { size: "S", quantity });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, details);
  const number = await placeOrder(shopper);
  await staffPage.goto(staffOrderPath(number));
  for (const step of ["confirmed", "dispatched", "delivered"] as const) {
    if (step === "dispatched") await fillDispatch(staffPage, number);
    await staffPage.getByRole("button", { name: orderStepLabels[step], exact: true }).click();
    await expect(staffPage.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[step]);
  }
  return { shopper, number, email: details.Email };
}

async function guestPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

const returnForm = (page: Page) => page.getByRole("form", { name: "Return or exchange" });

/** The order's page (this one, or the one open) with its return form open, from the keyboard. */
async function openReturnForm(page: Page, number?: string) {
  if (number) await page.goto(`/orders/${number}`);
  const summary = page.getByText("Return or exchange", { exact: true });
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(returnForm(page)).toBeVisible();
}

/** The back office's return for this order, in the Returns list. */
async function returnRow(page: Page, number: string) {
  await page.goto("/admin/returns");
  await waitForHydration(page);
  const row = page.getByTestId("return-row").filter({ has: page.getByRole("link", { name: number, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

async function takeReturnStep(page: Page, number: string, step: "approve" | "receive", done: string, status: string) {
  const row = page.getByTestId("return-row").filter({ has: page.getByRole("link", { name: number, exact: true }) });
  await row.getByRole("button", { name: returnStepLabels[step], exact: true }).click();
  await expect(row.getByRole("status").filter({ hasText: done })).toBeVisible();
  await expect(row.getByTestId("return-status")).toHaveText(status);
}

async function expectMailSubject(address: string, subject: string) {
  await expect
    .poll(async () =>
      (await mailsTo(address)).map((mail) => mail.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1].replace(/\r?\n[ \t]/g, " ")),
    )
    .toContain(subject);
}
