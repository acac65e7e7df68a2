import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { payOnArrival } from "../lib/orders/payment-copy";
import { fixtureProducts } from "./fixtures/products";
import { addToCart, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { mailsTo } from "./support/mail";
import { staffAccounts, staffState } from "./support/staff";

// Staff hear of every new order: the back office's Notifications (with how many are new in its
// navigation) link to the order, and whoever chose it gets an e-mail per new order.
test.describe.configure({ mode: "serial" });

const section = backOfficeSections.notifications;

async function guestOrder(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await addToCart(page, fixtureProducts.notifications);
  await page.goto("/checkout");
  await fillDelivery(page, deliveryDetails());
  const number = await placeOrder(page);
  await context.close();
  return number;
}

async function asStaff(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: staffState("staff") });
  return context.newPage();
}

async function chooseEmails(page: Page, wanted: boolean) {
  await page.goto(section.path);
  await page.getByRole("checkbox", { name: "E-mail me about every new order" }).setChecked(wanted);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Saved.");
}

test("a new order shows in the back office's Notifications and opens the order", async ({ browser }) => {
  const number = await guestOrder(browser);
  const page = await asStaff(browser);
  await page.goto(backOfficeSections.dashboard.path);
  const link = page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: /^Notifications \(\d+ new\)$/ });
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const alert = page.getByRole("listitem").filter({ hasText: `New order ${number}` });
  await expect(alert).toContainText(`${payOnArrival.delivery.label.toLowerCase()}.`);
  const newBadge = alert.getByText("New", { exact: true });
  await expect(newBadge).toBeVisible();
  // Opening the page read them. (Not the navigation's count: specs beside this one place orders too.)
  await page.reload();
  await expect(newBadge).toHaveCount(0);
  await alert.getByRole("link", { name: `New order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`${backOfficeSections.orders.path}/${number}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
  await page.context().close();
});

test("a member who chose it gets an e-mail per new order, until they switch it off", async ({ browser }) => {
  const page = await asStaff(browser);
  await chooseEmails(page, true);
  await expect(page.getByRole("checkbox", { name: "E-mail me about every new order" })).toBeChecked();
  try {
    const number = await guestOrder(browser);
    const [mail] = await mailsTo(staffAccounts.staff.email, 1, `Kijani Threads: New order ${number}`);
    expect(mail.replace(/=\r?\n/g, "")).toContain(`${backOfficeSections.orders.path}/${number}`);
  } finally {
    await chooseEmails(page, false);
    await page.context().close();
  }
});

test("marketing has no Notifications: the role does not handle orders", async ({ browser }) => {
  const context = await browser.newContext({ storageState: staffState("marketing") });
  const page = await context.newPage();
  await page.goto(backOfficeSections.dashboard.path);
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: /^Notifications/ })).toHaveCount(
    0,
  );
  expect((await page.goto(section.path))?.status()).toBe(403);
  await context.close();
});
