import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { cartMessages } from "../lib/cart/rules";
import { formatKsh } from "../lib/catalog/price";
import { newProductPath } from "../lib/catalog/staff-products";
import { feedMessages } from "../lib/feeds/entries";
import { googleFeedContentType } from "../lib/feeds/google";
import { metaFeedContentType } from "../lib/feeds/meta";
import { stockState } from "../lib/stock/labels";
import { makePhoto } from "../lib/testing/images";
import { placeOrderMessages } from "../lib/orders/place-order";
import { signUp } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage, cartLine } from "./support/cart";
import { checkoutForm, deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { uploadPhoto } from "./support/photos";
import { staffState } from "./support/staff";
import { jsonLdOfType } from "./support/structured-data";

// A product made here goes through its whole life; other specs' catalog counts never see it
// because this file runs in the 'shared content' project, after theirs.
test.describe.configure({ mode: "serial" });
test.slow();
test.use({ storageState: staffState("staff") });

const word = `kilifi${Date.now().toString(36).replace(/\d/g, "")}wave`;
const name = `${word[0].toUpperCase()}${word.slice(1)} Hoodie`;
const slug = `${word}-hoodie`;
let productPath = "";

async function shopper(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const form = (page: Page) => page.getByRole("form", { name: "Product" });
const variantRow = (page: Page, title: string) => form(page).getByRole("group", { name: title, exact: true });

async function save(page: Page) {
  await form(page).getByRole("button", { name: "Save changes" }).click();
  await expect(form(page).getByRole("status")).toHaveText("Saved. Shoppers see the change now.");
}

test("staff create a draft with two variants that shoppers cannot see yet", async ({ page, browser }) => {
  await page.goto(backOfficeSections.products.path);
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(newProductPath);
  await form(page).getByLabel("Name", { exact: true }).fill(name);
  await form(page).getByLabel("Category").selectOption({ label: "Hoodies" });
  await form(page).getByLabel("Status").selectOption({ label: "Draft" });
  await form(page).getByLabel("Description").fill("A heavyweight hoodie printed with the waves of the Kilifi creek at dawn.");
  for (const [title, size, price, stock] of [
    ["New variant 1", "M", "2999", "10"],
    ["New variant 2", "L", "3199", "3"],
  ]) {
    const row = variantRow(page, title);
    await row.getByLabel("Size").selectOption(size);
    await row.getByLabel("Colour").fill("Black");
    await row.getByLabel("Price (KSh)").fill(price);
    await row.getByLabel("Opening stock").fill(stock);
  }
  await expectNoSeriousAxeViolations(page);
  await form(page).getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  productPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("product-status")).toHaveText("Draft");
  await expect(form(page).getByLabel("Address (/products/…)")).toHaveValue(slug);
  await expect(page.getByTestId("product-history")).toContainText("Created as Draft");
  await expect(page.getByTestId("product-history")).toContainText("staff@kijanithreads.test");

  const visitor = await shopper(browser);
  expect((await visitor.goto(`/products/${slug}`))?.status()).toBe(404);
  await visitor.goto(`/search?q=${word}`);
  await expect(visitor.getByRole("list", { name: "Search results" })).toHaveCount(0);
  await visitor.goto("/products?sort=newest");
  await expect(visitor.getByRole("heading", { name })).toHaveCount(0);
  await visitor.context().close();
});

test("published, shoppers find it by name and by a typo, and a price change reaches their cart and checkout", async ({
  page,
  browser,
}) => {
  await page.goto(productPath);
  await form(page).getByLabel("Status").selectOption({ label: "Published" });
  await save(page);
  await expect(page.getByTestId("product-status")).toHaveText("Published");

  const visitor = await shopper(browser);
  const typo = word.slice(0, 4) + word.slice(5);
  await visitor.goto(`/search?q=${typo}`);
  await expect(visitor.getByText(`Showing results for “${word}”.`)).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Search results" }).getByRole("heading", { name })).toBeVisible();
  // The searches and the listing the draft was missing from (newest first: all products fill more than a page) were cached: publishing refreshed them.
  await visitor.goto(`/search?q=${word}`);
  await expect(visitor.getByRole("list", { name: "Search results" }).getByRole("heading", { name })).toBeVisible();
  await visitor.goto("/products?sort=newest");
  await expect(visitor.getByRole("list", { name: "All products" }).getByRole("heading", { name })).toBeVisible();
  await addFromProductPage(visitor, slug, { colour: "Black", size: "M" });
  await expect(visitor.getByText(formatKsh(2999)).first()).toBeVisible();

  const medium = variantRow(page, "Variant M · Black");
  await medium.getByLabel("Price (KSh)").fill("2799");
  await save(page);
  await expect(page.getByTestId("product-history")).toContainText("Price of M · Black: KSh 2,999 → KSh 2,799");

  await visitor.goto(`/products/${slug}`);
  await expect(visitor.getByText(formatKsh(2799)).first()).toBeVisible();
  await visitor.goto("/cart");
  const line = cartLine(visitor, name);
  await expect(line.getByTestId("price-changed")).toHaveText(cartMessages.priceChanged(formatKsh(2999)));
  await expect(line.getByTestId("line-total")).toHaveText(formatKsh(2799));

  // The price changes again while the checkout is open: nothing is placed, the new total shows.
  await visitor.goto("/checkout");
  await fillDelivery(visitor, deliveryDetails());
  await expect(visitor.getByTestId("summary-subtotal")).toHaveText(formatKsh(2799));
  await medium.getByLabel("Price (KSh)").fill("2699");
  await save(page);
  await checkoutForm(visitor).getByRole("button", { name: "Place order" }).click();
  await expect(visitor.getByRole("alert").filter({ hasText: placeOrderMessages.priceChanged })).toBeVisible();
  await expect(visitor.getByTestId("summary-subtotal")).toHaveText(formatKsh(2699));
  await expect(visitor).toHaveURL(/\/checkout$/);
  await placeOrder(visitor);
  await expect(visitor.getByText(formatKsh(2699)).first()).toBeVisible();
  await visitor.context().close();
});

test("the shopping feeds list it once it has a photo, at the price and stock its page shows after an edit", async ({
  page,
  browser,
}) => {
  const feeds = page.getByRole("region", { name: "Shopping feeds" });
  await page.goto(backOfficeSections.products.path);
  await expect(feeds.getByTestId("feed-exclusions")).toContainText(`${name}: ${feedMessages.noPicture}`);
  await page.goto(productPath);
  await uploadPhoto(page, { name: "front.jpg", mimeType: "image/jpeg", buffer: await makePhoto("jpeg") }, "Front of the hoodie");
  await expect(page.locator("#photos ol > li")).toHaveCount(1);
  await variantRow(page, "Variant L · Black").getByLabel("Price (KSh)").fill("3099");
  await save(page);
  await page.goto(backOfficeSections.products.path);
  await expect(feeds).toBeVisible();
  await expect(feeds).not.toContainText(name);

  const visitor = await shopper(browser);
  const google = await visitor.request.get("/feeds/google.xml");
  expect(google.headers()["content-type"]).toBe(googleFeedContentType);
  const item = (await google.text())
    .split("</item>")
    .find((candidate) => candidate.includes(`<title>${name} (L · Black)</title>`))!;
  expect(item).toContain("<g:price>3099.00 KES</g:price>");
  expect(item).toContain("<g:availability>in_stock</g:availability>");
  const id = /<g:id>(\d+)<\/g:id>/.exec(item)![1];
  const link = new URL(/<link>(.*?)<\/link>/.exec(item)![1].replaceAll("&amp;", "&"));
  const picture = await visitor.request.get(new URL(/<g:image_link>(.*?)<\/g:image_link>/.exec(item)![1]).pathname);
  expect(picture.headers()["content-type"]).toBe("image/jpeg");

  // The feed's link opens the page with that variant chosen, at the same price and stock.
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByRole("radio", { name: "L", exact: true })).toBeChecked();
  await expect(visitor.getByText(formatKsh(3099)).first()).toBeVisible();
  await expect(visitor.getByText(stockState(3).label)).toBeVisible();
  const data = await jsonLdOfType<{ offers: { sku: string }[] }>(visitor, "Product");
  expect(data.offers.find((offer: { sku: string }) => offer.sku === id)).toMatchObject({
    price: 3099,
    availability: "https://schema.org/InStock",
  });

  const meta = await visitor.request.get("/feeds/meta.csv");
  expect(meta.headers()["content-type"]).toBe(metaFeedContentType);
  const row = (await meta.text()).split("\r\n").find((line) => line.startsWith(`${id},`))!;
  expect(row).toContain(",in stock,new,3099.00 KES,");
  await visitor.context().close();
});

test("a renamed slug answers a permanent redirect; removing an ordered variant archives it", async ({ page }) => {
  await page.goto(productPath);
  await form(page).getByLabel("Address (/products/…)").fill(`${slug}-kilifi`);
  await variantRow(page, "Variant M · Black").getByLabel("Remove").check();
  await save(page);
  const moved = await page.request.get(`/products/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(moved.headers()["location"]).toMatch(new RegExp(`/products/${slug}-kilifi$`));
  await expect(page.getByRole("region", { name: "Archived variants" })).toContainText("M · Black");
  await expect(variantRow(page, "Variant M · Black")).toHaveCount(0);
  await expect(page.getByTestId("product-history")).toContainText("Variant M · Black archived (it is on past orders)");
});

test("archived, it leaves the shop and search, and stays in the back office", async ({ page, browser }) => {
  await page.goto(productPath);
  await form(page).getByLabel("Status").selectOption({ label: "Archived" });
  await save(page);
  const visitor = await shopper(browser);
  expect((await visitor.goto(`/products/${slug}-kilifi`))?.status()).toBe(404);
  expect((await visitor.goto(`/products/${slug}`))?.status()).toBe(404);
  await visitor.goto(`/search?q=${word}`);
  await expect(visitor.getByRole("list", { name: "Search results" })).toHaveCount(0);
  await visitor.goto("/products?sort=newest");
  await expect(visitor.getByRole("heading", { name })).toHaveCount(0);
  await visitor.context().close();
  await page.goto(`${backOfficeSections.products.path}?q=${word}&status=archived`);
  await expect(page.getByTestId("product-row")).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
});

test("a post that skips the browser's checks gets messages beside the fields and stores nothing", async ({ page }) => {
  await page.goto(newProductPath);
  await form(page).evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form(page).getByLabel("Name", { exact: true }).fill("X");
  await variantRow(page, "New variant 1").getByLabel("Price (KSh)").fill("-4");
  await form(page).getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "nothing was saved" })).toBeVisible();
  await expect(form(page).getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Give a name of 3 to 80 characters.");
  await expect(form(page).getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await expect(variantRow(page, "New variant 1").getByLabel("Price (KSh)")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(newProductPath);
});

test.describe("without the products role", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a shopper gets 'Not Found' and cannot post the product form", async ({ page, browser }) => {
    // The form as staff see it, with React's reference to the action, posted by a shopper.
    const staff = await (await browser.newContext({ storageState: staffState("staff"), javaScriptEnabled: false })).newPage();
    await staff.goto(newProductPath);
    await form(staff).getByLabel("Name", { exact: true }).fill("Shopper Made Hoodie");
    const fields = await form(staff).evaluate((element: HTMLFormElement) =>
      Object.fromEntries(Array.from(new FormData(element), ([key, value]) => [key, String(value)])),
    );
    await staff.context().close();

    await signUp(page);
    for (const path of [backOfficeSections.products.path, newProductPath, productPath]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
    const post = {
      ...fields,
      description: "A hoodie that a shopper tried to add through the back office.",
      "variant-0-size": "M",
      "variant-0-colour": "Black",
      "variant-0-price": "100",
    };
    await page.request.post(newProductPath, { multipart: post, headers: { origin: new URL(page.url()).origin } });
    const check = await (await browser.newContext({ storageState: staffState("staff") })).newPage();
    await check.goto(`${backOfficeSections.products.path}?q=Shopper+Made`);
    await expect(check.getByTestId("product-count")).toHaveText("0 products");
    // The same post from staff creates the (draft) product: the refusal was the role's.
    await check.request.post(newProductPath, { multipart: post, headers: { origin: new URL(check.url()).origin } });
    await check.reload();
    await expect(check.getByTestId("product-count")).toHaveText("1 product");
    await check.context().close();
  });

  test("marketing gets the back office's 403 on products", async ({ browser }) => {
    const marketing = await (await browser.newContext({ storageState: staffState("marketing") })).newPage();
    expect((await marketing.goto(backOfficeSections.products.path))?.status()).toBe(403);
    await marketing.context().close();
  });
});
