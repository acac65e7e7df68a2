import { expect, type Page } from "@playwright/test";
import { orderStepDone, orderStepLabel, type OrderStep } from "../../lib/orders/staff-labels";
import { orderStatusLabels, type OrderStatus } from "../../lib/orders/status";

/** Presses a step's button on a delivery order's back-office page and waits for the order to reach it. */
export async function takeStep(page: Page, number: string, from: OrderStatus, step: OrderStep) {
  await page.getByRole("button", { name: orderStepLabel(from, step), exact: true }).click();
  await expectStatus(page, number, step);
}

/** The back-office order page says the order reached `status`, in its message and its badge. */
export async function expectStatus(page: Page, number: string, status: OrderStatus) {
  await expect(page.getByRole("status").filter({ hasText: orderStepDone(number, status) })).toBeVisible();
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[status]);
}
