import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { categoryFormMessages } from "../lib/catalog/category-input";
import { taxClassLabels } from "../lib/tax/items";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { staffState } from "./support/staff";

// A category made here lives through its whole life and is deleted at the end; it changes what every
// shopper's header offers, so this file runs in the 'shared content' project, after the others.
test.describe.configure({ mode: "serial" });
test.use({ storageState: staffState("admin") });

const word = `kikoy${Date.now().toString(36).replace(/\d/g, "")}`;
const name = `${word[0].toUpperCase()}${word.slice(1)} Wraps`;
const slug = `${word}-wraps`;
const path = backOfficeSections.categories.path;

const form = (page: Page) => page.getByRole("form", { name: "Category" });
/** The header's category dropdown, as a shopper sees it, option labels in order. */
async function headerCategories(browser: Browser): Promise<string[]> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/");
  const options = await page.locator("#search-category option").allTextContents();
  await page.context().close();
  return options;
}

test("only admins open the categories page; staff get a 403", async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: staffState("staff") })).newPage();
  expect((await page.goto(path))?.status()).toBe(403);
  await page.context().close();
});

test("an admin creates a category: the header, its page and the sitemap show it at once", async ({ page, browser }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(path);
  await form(page).getByRole("button", { name: "Create category" }).click();
  await expect(form(page).getByText(/Give a name/)).toBeVisible();
  await expect(form(page).getByText(categoryFormMessages.taxClass)).toBeVisible();
  await form(page).getByLabel("Name").fill(name);
  await form(page).getByLabel("Address (/categories/…)").fill(slug);
  await form(page)
    .getByLabel(/Description/)
    .fill("Light kikoy wraps woven on the coast.");
  await form(page).getByLabel("Its products vary by").selectOption("apparel");
  await form(page).getByLabel("Its goods on tax invoices").selectOption("hoodies");
  await form(page).getByRole("button", { name: "Create category" }).click();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(taxClassLabels.hoodies);
  await expectNoSeriousAxeViolations(page);

  expect((await headerCategories(browser)).at(-1)).toBe(name);
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/categories/${slug}`);
  await expect(shopper.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await (await shopper.request.get("/sitemap.xml")).text()).toContain(`/categories/${slug}</loc>`);
  await shopper.context().close();
});

test("moved up, it comes before Trash bags in the header", async ({ page, browser }) => {
  await page.goto(path);
  await page.getByRole("button", { name: `Move up ${name}` }).click();
  await expect(page.getByText("Saved. Shoppers see the change now.")).toBeVisible();
  const options = await headerCategories(browser);
  expect(options.indexOf(name)).toBe(options.indexOf("Trash bags") - 1);
});

test("renamed, its old address answers 308 to the new one, filters kept", async ({ page }) => {
  await page.goto(path);
  await page.getByRole("link", { name, exact: true }).click();
  // The list has a (new) category form too: wait for the edit page's.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The goods' tax class stays as chosen, whatever the address.
  await expect(form(page).getByLabel("Its goods on tax invoices")).toHaveValue("hoodies");
  await form(page).getByLabel("Address (/categories/…)").fill(`${slug}-pwani`);
  await form(page).getByRole("button", { name: "Save changes" }).click();
  await expect(form(page).getByText("Saved. Shoppers see the change now.")).toBeVisible();
  for (const [from, to] of [
    [`/categories/${slug}`, `/categories/${slug}-pwani`],
    [`/categories/${slug}?sort=price-asc`, `/categories/${slug}-pwani?sort=price-asc`],
  ]) {
    const moved = await page.request.get(from, { maxRedirects: 0 });
    expect(moved.status(), from).toBe(308);
    expect(moved.headers()["location"]).toMatch(new RegExp(`${to.replace("?", "\\?")}$`));
  }
});

test("hidden, it leaves the header and its page; shown, it comes back", async ({ page, browser }) => {
  await page.goto(path);
  await page.getByRole("button", { name: `Hide ${name}` }).click();
  await expect(page.getByText("Saved. Shoppers see the change now.")).toBeVisible();
  // Polled: see the report; an instance may serve one render from before the change.
  await expect.poll(() => headerCategories(browser)).not.toContain(name);
  expect((await page.request.get(`/categories/${slug}-pwani`)).status()).toBe(404);
  await page.getByRole("button", { name: `Show ${name}` }).click();
  await expect(page.getByText("Saved. Shoppers see the change now.")).toBeVisible();
  await expect.poll(() => headerCategories(browser)).toContain(name);
});

test("a category with products cannot be deleted; an empty one can", async ({ page, browser }) => {
  await page.goto(path);
  const hoodies = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Hoodies", exact: true }) });
  await expect(hoodies.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expect(hoodies).toContainText("Holds products: hide it instead of deleting");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByText("Category deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expect.poll(() => headerCategories(browser)).not.toContain(name);
});
