import { expect, test, type Page } from "@playwright/test";
import { fixtureProducts } from "./fixtures/products";
import { signUp } from "./support/auth";
import { addToCart, fillDelivery, placeOrder } from "./support/checkout";

// Whole purchases across several pages (and browsers): slow on a busy machine.
test.slow();

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

/** Opens the bell's list, once the page has hydrated (a click before that does nothing). */
async function openBell(page: Page) {
  await expect(async () => {
    if ((await bell(page).getAttribute("aria-expanded")) !== "true") await bell(page).click();
    await expect(bell(page)).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }).toPass();
}

test("signed out, the bell invites the shopper to sign in; Escape closes it", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await openBell(page);
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel).toBeFocused();
  await expect(panel.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();
});

test("an order puts a badge on the bell; opening the list shows it and marks it read", async ({ page }) => {
  await signUp(page);
  await expect(bell(page)).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  await addToCart(page, fixtureProducts.notifications);
  await page.goto("/checkout");
  await fillDelivery(page, { County: "Kiambu", Town: "Thika", "Street or building": "Kenyatta Highway, Blue Post" });
  const number = await placeOrder(page);
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");

  // On every page, after a reload too.
  await page.goto("/about");
  await expect(page.getByTestId("notification-count")).toHaveText("1");

  await openBell(page);
  const panel = page.getByRole("region", { name: "Notifications" });
  const item = panel.getByRole("listitem").filter({ hasText: `Order ${number} placed` });
  await expect(item).toContainText("New");
  await expect(item).toContainText("pay on delivery");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await openBell(page);
  await expect(panel.getByRole("listitem").filter({ hasText: `Order ${number} placed` })).not.toContainText("New");
  await panel.getByRole("link", { name: `Order ${number} placed` }).click();
  await expect(page.getByTestId("order-number")).toHaveText(number);
});
