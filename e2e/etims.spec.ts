import { expect, test, type Locator } from "@playwright/test";
import { invoiceHeadings, invoiceLabels } from "../lib/invoices/labels";
import { paymentMethodLabels } from "../lib/orders/payment-copy";
import { expectReportedToKra, salesAtKra, setEtimsDown } from "./support/etims";
import { orderByMpesa, phoneEndingIn } from "./support/mpesa";

// An M-Pesa payment is the sale: its invoice is reported to the eTIMS simulator that the e2e server
// runs, at once, or once eTIMS is back after an outage. Serial: one test switches eTIMS off.
test.describe.configure({ mode: "serial" });
test.slow();

/** Opens the paid order's invoice from its page; the invoice's number. */
async function openInvoice(page: import("@playwright/test").Page) {
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await page.getByRole("link", { name: invoiceLabels.link }).click();
  const invoice = page.getByTestId("invoice");
  await expect(invoice.getByRole("heading", { level: 1, name: invoiceHeadings.sale })).toBeVisible();
  return { invoice, number: Number(await invoice.getByTestId("invoice-number").textContent()) };
}

test("an M-Pesa sale is reported to KRA when paid: the invoice shows the control unit's receipt exactly as eTIMS returned it", async ({
  page,
}) => {
  await orderByMpesa(page, phoneEndingIn(0));
  const { invoice, number } = await openInvoice(page);
  // How it was paid, with M-Pesa's code (issue 55).
  await expect(invoice.getByTestId("invoice-payment")).toHaveText(paymentMethodLabels.mpesa);
  await expect(invoice.getByTestId("invoice-mpesa-code")).toHaveText(/^[A-Z0-9]{10}$/);
  await expectReportedToKra(page, invoice);
  const [sale] = await salesAtKra(page.request, number);
  expect(sale).toMatchObject({ rcptTyCd: "S", request: expect.objectContaining({ pmtTyCd: "06" }) });
  await expect(invoice.getByTestId("receipt-signature")).toHaveText(sale.answer.data.rcptSign);
  await expect(invoice.getByTestId("receipt-qr-code")).toBeVisible();
});

/** Not yet reported: the buyer's copy has no KRA part, and says nothing of it (staff's matter, issue 55). */
async function expectNotYetReported(invoice: Locator) {
  await expect(invoice.getByTestId("cu-invoice-number")).toHaveCount(0);
  await expect(invoice.getByTestId("invoice-report")).toHaveCount(0);
  await expect(invoice).not.toContainText(/reported/i);
}

test("while eTIMS is down the invoice waits, saying nothing of KRA to the buyer; when it is back it is reported, once", async ({
  page,
}) => {
  await setEtimsDown(page.request, true);
  try {
    await orderByMpesa(page, phoneEndingIn(0));
    const { invoice, number } = await openInvoice(page);
    await expectNotYetReported(invoice);
    // The outbox tries at once after the payment; on a slow machine it may try only after eTIMS is
    // back, which this test then does not tell apart, but never as a failure.
    await page.waitForTimeout(1500);
    await page.reload();
    await expectNotYetReported(invoice);
    await setEtimsDown(page.request, false);
    // The outbox retries after its backoff (OUTBOX_RETRY_SECONDS, 1 s under the e2e server, then doubling).
    await expectReportedToKra(page, invoice);
    const sales = await salesAtKra(page.request, number);
    expect(sales).toHaveLength(1);
    expect(sales[0].attempts).toBe(1);
  } finally {
    await setEtimsDown(page.request, false);
  }
});
