import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

// The eTIMS simulator that scripts/e2e-server.mjs starts beside the shop, on PORT + 2000.
export const etimsSimulatorURL = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 2000}/__simulator`;

/** Switches the simulated eTIMS off (every call answers 503) or on again. */
export async function setEtimsDown(request: APIRequestContext, down: boolean) {
  expect((await request.post(`${etimsSimulatorURL}/down`, { data: { down } })).ok()).toBe(true);
}

export type SimulatedSale = {
  invcNo: number;
  rcptTyCd: "S" | "R";
  attempts: number;
  request: Record<string, unknown>;
  answer: { data: { rcptSign: string } };
};

/** The sales and credit notes eTIMS holds under one invoice number (never more than one). */
export async function salesAtKra(request: APIRequestContext, invoiceNumber: number): Promise<SimulatedSale[]> {
  const { sales } = (await (await request.get(`${etimsSimulatorURL}/sales`)).json()) as { sales: SimulatedSale[] };
  return sales.filter((sale) => sale.invcNo === invoiceNumber);
}

/** Reloads an invoice page until `invoice` shows KRA's receipt (the outbox reports within seconds, or after its backoff). */
export async function expectReportedToKra(page: Page, invoice: Locator, timeout = 60_000) {
  await expect(async () => {
    await page.reload();
    await expect(invoice.getByTestId("cu-invoice-number")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout });
}
