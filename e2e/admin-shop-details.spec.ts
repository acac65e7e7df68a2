import { expect, test, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { checkEmailCopy } from "../lib/auth/account-rules";
import { shopDetailsMessages } from "../lib/shop-details/rules";
import { defaultShopDetails } from "../lib/site";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { signUp } from "./support/auth";
import { staffState } from "./support/staff";

// Runs with the specs that change what every shopper sees (playwright.config.ts): the footer is on
// every page. The admin's test puts the seeded phone back.

const path = backOfficeSections.shopDetails.path;
const newPhone = "+254 700 999 888";

/** Types `phone` into Shop details' form, already open, and saves it. */
async function savePhone(page: Page, phone: string) {
  const form = page.getByRole("form", { name: "Shop details" });
  await form.getByLabel("Phone", { exact: true }).fill(phone);
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
