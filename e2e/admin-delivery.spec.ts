import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import type { StaffRole } from "../lib/auth/roles";
import { formatKsh } from "../lib/catalog/price";
import { zoneMessages } from "../lib/checkout/delivery-zone-rules";
import { fixtureProducts } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addToCart, checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { staffState } from "./support/staff";

// A back-office change, then whole purchases in another browser: slow on a busy machine.
test.slow();

const product = fixtureProducts.browse;
const price = product.variants[0].price;
const path = backOfficeSections.delivery.path;

async function asRole(browser: Browser, role: StaffRole): Promise<Page> {
  const context = await browser.newContext({ storageState: staffState(role) });
  return context.newPage();
}

/** A pay-on-delivery order to `county` from a fresh cart; its page shows the fee it was charged. */
async function orderTo(page: Page, county: string): Promise<string> {
  await addToCart(page, product);
  await page.goto("/checkout");
  await fillDelivery(page, deliveryDetails({ County: county, Town: county }));
  return placeOrder(page);
}

const zoneRow = (page: Page, county: string) => page.getByRole("row").filter({ has: page.getByLabel(county, { exact: true }) });

test("an admin gives a group of counties a new rate: the checkout shows and charges it, and placed orders keep theirs", async ({
  browser,
  page,
}) => {
  // Another fee than the seeded KSh 450, inside the seeded range (200–450) that other specs read in parallel.
  const fee = 250 + Math.floor(Math.random() * 190);
  const before = await orderTo(page, "Marsabit");
  const feeBefore = await page.getByTestId("summary-delivery").textContent();

  const admin = await asRole(browser, "admin");
  await admin.goto(path);
  await expect(admin.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
  const form = admin.getByRole("form", { name: "Delivery rates" });
  await expect(form.getByRole("checkbox")).toHaveCount(47);
  await expectNoSeriousAxeViolations(admin);
  await form.getByLabel("Marsabit", { exact: true }).check();
  await form.getByLabel("Garissa", { exact: true }).check();
  await form.getByLabel("Fee (KSh)").fill(String(fee));
  await form.getByLabel("Fewest days").fill("3");
  await form.getByLabel("Most days").fill("6");
  await form.getByRole("button", { name: "Set the rate of the ticked counties" }).click();
  await expect(admin.getByText("New rate set for 2 counties.")).toBeVisible();
  for (const county of ["Marsabit", "Garissa"]) {
    await expect(zoneRow(admin, county)).toContainText(`${formatKsh(fee)}Delivered in 3–6 days`);
    await expect(zoneRow(admin, county)).toContainText("by admin@kijanithreads.test");
  }
  await expect(zoneRow(admin, "Nairobi City")).toContainText(formatKsh(200));

  // The shopper's next checkout shows the new rate before placing, and the order is charged it.
  await addToCart(page, product);
  await page.goto("/checkout");
  await checkoutForm(page).getByLabel("County").selectOption("Garissa");
  await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(fee));
  await expect(page.getByText(`Delivery: ${formatKsh(fee)}, delivered in 3–6 days.`)).toBeVisible();
  await fillDelivery(page, deliveryDetails({ County: "Garissa", Town: "Garissa" }));
  await placeOrder(page);
  await expect(page.getByTestId("summary-delivery")).toHaveText(formatKsh(fee));
  await expect(page.getByTestId("summary-total")).toHaveText(formatKsh(price + fee));

  // The order placed before the change keeps the fee it was charged.
  await page.goto(`/orders/${before}`);
  await expect(page.getByTestId("summary-delivery")).toHaveText(feeBefore!);
});

test("the rate form says what is wrong and changes nothing", async ({ browser }) => {
  const admin = await asRole(browser, "admin");
  await admin.goto(path);
  const form = admin.getByRole("form", { name: "Delivery rates" });
  const nairobi = await zoneRow(admin, "Nairobi City").textContent();
  await form.getByLabel("Fee (KSh)").fill("250");
  await form.getByLabel("Fewest days").fill("4");
  await form.getByLabel("Most days").fill("2");
  await form.getByRole("button", { name: "Set the rate of the ticked counties" }).click();
  await expect(form.getByText(zoneMessages.maxDays)).toBeVisible();

  await form.getByLabel("Most days").fill("5");
  await form.getByRole("button", { name: "Set the rate of the ticked counties" }).click();
  await expect(form.getByText(zoneMessages.counties)).toBeVisible();
  await admin.reload();
  await expect(zoneRow(admin, "Nairobi City")).toHaveText(nairobi!);
});

test("only an admin opens the delivery rates, and only an admin's navigation offers them", async ({ browser }) => {
  const navLink = (page: Page) =>
    page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: backOfficeSections.delivery.label });
  for (const role of ["staff", "marketing"] as const) {
    const page = await asRole(browser, role);
    const response = await page.goto(path);
    expect(response?.status(), role).toBe(403);
    await page.goto("/admin");
    await expect(navLink(page)).toHaveCount(0);
  }
  const admin = await asRole(browser, "admin");
  await admin.goto("/admin");
  await navLink(admin).click();
  await expect(admin).toHaveURL(new RegExp(`${path}$`));
});
