import { expect, type Page } from "@playwright/test";
import { orderStepDone, orderStepLabel, type OrderStep } from "../../lib/orders/staff-labels";
import { orderStatusLabels, type OrderStatus } from "../../lib/orders/status";

/** Presses a step's button on a delivery order's back-office page and waits for the order to reach it. */
export async function takeStep(page: Page, number: string, from: OrderStatus, step: OrderStep) {
  if (step === "dispatched") await fillDispatch(page, number);
  await page.getByRole("button", { name: orderStepLabel(from, step), exact: true }).click();
  await expectStatus(page, number, step);
}

/**
 * A courier's parcel leaves with its courier and waybill: when the dispatch form has no courier
 * chosen (a rider's county has the rider chosen already), G4S and a waybill made of the order number.
 */
export async function fillDispatch(page: Page, number: string, courier = "G4S") {
  const dispatch = page.getByRole("form", { name: "Dispatch" });
  if ((await dispatch.count()) === 0 || (await dispatch.getByLabel("Courier").inputValue()) !== "") return;
  await dispatch.getByLabel("Courier").selectOption({ label: courier });
  await dispatch.getByLabel("Waybill number").fill(`G4S${number.slice(3)}`);
}

/** The back-office order page says the order reached `status`, in its message and its badge. */
export async function expectStatus(page: Page, number: string, status: OrderStatus) {
  await expect(page.getByRole("status").filter({ hasText: orderStepDone(number, status) })).toBeVisible();
  await expect(page.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[status]);
}
