import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { formatKsh } from "../lib/catalog/price";
import { staffOrderPath, staffOrdersHref } from "../lib/orders/staff-filters";
import { orderStepLabels } from "../lib/orders/staff-labels";
import { orderStatusLabels } from "../lib/orders/status";
import { returnReasonLabels, returnStatusLabels } from "../lib/returns/rules";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder, seededFees } from "./support/checkout";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";
import { staffState } from "./support/staff";
import { fillDispatch } from "./support/staff-orders";

// Owners work from their phones: the 'staff' account's back office at the shop's phone width.
test.use({ storageState: staffState("staff"), viewport: phoneViewport });

test("on a phone the back office's sections sit in a menu that opens from the keyboard", async ({ page }) => {
  await page.goto(backOfficeSections.dashboard.path);
  const nav = page.getByRole("navigation", { name: "Back office" });
  const orders = nav.getByRole("link", { name: backOfficeSections.orders.label, exact: true });
  await expect(orders).toBeHidden();

  await nav.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(orders).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: backOfficeSections.dashboard.label })).toBeFocused();
  await expectNoHorizontalScroll(page);
});

test("on a phone the order list, the returns and the dashboard fit the screen, with status and total within its width", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // a purchase taken to delivery and returned, on a busy machine
  const number = await returnedOrder(browser, baseURL!, page);

  await page.goto(staffOrdersHref({ q: number }));
  await expectNoHorizontalScroll(page);
  const row = page.getByTestId("order-row").filter({ hasText: number });
  await expectWithinScreenWidth(row.getByText(orderStatusLabels.delivered, { exact: true }));
  await expectWithinScreenWidth(row.getByText(formatKsh(fixtureProducts.backOffice.variants[0].price + seededFees.elsewhere)));
  await expectNoSeriousAxeViolations(page);

  await page.goto(backOfficeSections.returns.path);
  await expectNoHorizontalScroll(page);
  const request = page.getByTestId("return-row").filter({ has: page.getByRole("link", { name: number, exact: true }) });
  await expectWithinScreenWidth(request.getByTestId("return-status"));
  await expect(request.getByTestId("return-status")).toHaveText(returnStatusLabels.requested);

  await page.goto(backOfficeSections.dashboard.path);
  await expectNoHorizontalScroll(page);
  await expectWithinScreenWidth(page.getByTestId("orders-today"));
});

/**
 * Shown, and within the screen's width where the page lays it out: not pushed off to the right inside
 * a box that scrolls sideways (its left and right edges do not depend on how far the page is scrolled down).
 */
async function expectWithinScreenWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phoneViewport.width);
}

/** A guest's order (one size S, delivered to Kisumu), taken to delivery by staff and asked back from the same browser. */
async function returnedOrder(browser: Browser, baseURL: string, staffPage: Page): Promise<string> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const shopper = await context.newPage();
  await addFromProductPage(shopper, fixtureProducts.backOffice.slug, { size: "S" });
  await shopper.goto("/checkout");
  await fillDelivery(shopper, deliveryDetails());
  const number = await placeOrder(shopper);

  await staffPage.goto(staffOrderPath(number));
  for (const step of ["confirmed", "dispatched", "delivered"] as const) {
    if (step === "dispatched") await fillDispatch(staffPage, number);
    await staffPage.getByRole("button", { name: orderStepLabels[step], exact: true }).click();
    await expect(staffPage.getByTestId("staff-order-status")).toHaveText(orderStatusLabels[step]);
  }

  await shopper.reload();
  await shopper.getByText("Return or exchange", { exact: true }).click();
  const form = shopper.getByRole("form", { name: "Return or exchange" });
  await form.getByLabel(/^How many to return/).fill("1");
  await form.getByLabel("Why are you returning it?").selectOption({ label: returnReasonLabels.wrong_size });
  await form.getByRole("button", { name: "Send return request" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "Your return request is sent." })).toBeVisible();
  await context.close();
  return number;
}
