import { expect, test, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { checkEmailCopy } from "../lib/auth/account-rules";
import { pickupAddressOf, pickupAddressWords } from "../lib/shop-details/contact";
import { shopDetailsMessages } from "../lib/shop-details/rules";
import { defaultShopDetails } from "../lib/site";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { signUp } from "./support/auth";
import { addFromProductPage } from "./support/cart";
import { checkoutForm } from "./support/checkout";
import { fixtureProducts } from "./fixtures/products";
import { staffState } from "./support/staff";

// Runs with the specs that change what every shopper sees (playwright.config.ts): the footer is on
// every page. The admin's test puts the seeded phone back.

const path = backOfficeSections.shopDetails.path;
const newPhone = "+254 700 999 888";

/** Types `phone` into Shop details' form, already open, and saves it. */
async function savePhone(page: Page, phone: string) {
  return saveField(page, "Phone", phone);
}

/** Types `value` into one of Shop details' fields, already open, and saves the form. */
async function saveField(page: Page, label: string, value: string) {
  const form = page.getByRole("form", { name: "Shop details" });
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("button", { name: "Save shop details" }).click();
  return form;
}

test.describe("as an admin", () => {
  test.use({ storageState: staffState("admin") });

  test("changing the phone in Shop details shows it at once in the footer and on the Contact page", async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Shop details" })).toBeVisible();
    await expect((await savePhone(page, "call us")).getByText(shopDetailsMessages.phone)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    try {
      await expect((await savePhone(page, newPhone)).getByRole("status")).toContainText("Shop details saved.");
      await page.goto("/contact");
      const call = page.getByRole("main").getByRole("link", { name: newPhone, exact: true });
      await expect(call).toHaveAttribute("href", "tel:+254700999888");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: newPhone, exact: true })).toBeVisible();
    } finally {
      await page.goto(path);
      await expect((await savePhone(page, defaultShopDetails.phone)).getByRole("status")).toContainText("Shop details saved.");
    }
    await page.goto("/contact");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: defaultShopDetails.phone, exact: true })).toBeVisible();
  });
});

test.describe("as an admin, when the studio moves", () => {
  test.use({ storageState: staffState("admin") });
  const studio = "Kijani Threads studio";
  const moved = { ...defaultShopDetails, street: "Moi Avenue, Bruce House, 2nd Floor" };

  /** Saves the street, then gives the studio's point the shop's address; Shop details must say it is there. */
  async function moveStudio(page: Page, street: string) {
    await page.goto(path);
    await expect((await saveField(page, "Street and building", street)).getByRole("status")).toContainText("Shop details saved.");
    const row = page.getByTestId("pickup-address").filter({ hasText: studio });
    await row.getByRole("button", { name: `${pickupAddressWords.move} for ${studio}` }).click();
    await expect(row).toContainText(`${pickupAddressOf({ ...defaultShopDetails, street })}${pickupAddressWords.atShop}`);
    await expect(row.getByRole("button")).toHaveCount(0);
  }

  test("Shop details shows the studio's pickup point at its old address, and moves it to the new one (issue 55)", async ({
    page,
  }) => {
    await page.goto(path);
    const row = page.getByTestId("pickup-address").filter({ hasText: studio });
    await expect(row).toContainText(`${pickupAddressOf(defaultShopDetails)}${pickupAddressWords.atShop}`);
    try {
      await expect((await saveField(page, "Street and building", moved.street)).getByRole("status")).toContainText(
        "Shop details saved.",
      );
      // Still at the old street, and said to be: its own address now.
      await expect(row).toContainText(`${pickupAddressOf(defaultShopDetails)}${pickupAddressWords.own}`);
      await moveStudio(page, moved.street);

      // The checkout sends buyers to the new street.
      await addFromProductPage(page, fixtureProducts.backOffice.slug, { size: "XL" });
      await page.goto("/checkout");
      await checkoutForm(page).getByRole("radio", { name: "Pick up" }).check();
      await expect(checkoutForm(page)).toContainText(pickupAddressOf(moved));
    } finally {
      await moveStudio(page, defaultShopDetails.street);
    }
  });
});

test.describe("as staff", () => {
  test.use({ storageState: staffState("staff") });

  test("Shop details is the admins' only", async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("form", { name: "Shop details" })).toHaveCount(0);
    await page.goto(backOfficeSections.orders.path);
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link", { name: backOfficeSections.orders.label })).toBeVisible();
    await expect(nav.getByRole("link", { name: backOfficeSections.shopDetails.label })).toHaveCount(0);
  });
});

test("right after sign-up the shopper reads 'Check your e-mail' with the address, once", async ({ page }) => {
  const shopper = await signUp(page);
  const notice = page.getByRole("status").filter({ has: page.getByRole("heading", { name: checkEmailCopy.title }) });
  await expect(notice).toContainText(`${checkEmailCopy.sentTo} ${shopper.email.toLowerCase()}. ${checkEmailCopy.todo}`);
  await notice.getByRole("button", { name: checkEmailCopy.dismiss }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  // The header's viewer has answered (the initials), and said nothing more.
  await expect(page.getByRole("button", { name: "Account" })).toContainText("WK");
  await expect(page.getByRole("heading", { name: checkEmailCopy.title })).toHaveCount(0);
});
