import { expect, test, type Page } from "@playwright/test";
import { MAX_LINE_QUANTITY } from "../lib/cart/rules";
import { seedCategories as categories } from "../lib/catalog/seed-data";
import { e2eCatalog } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { jsonLdOfType } from "./support/structured-data";

// The catalog's own test products (see seed-data): nobody else buys them, so their stock is fixed.
const lowStockTee = "/products/maasai-mara-sunrise-tee"; // White, L: 3 left
const soldOutHoodie = "/products/kanga-print-hoodie";

const cards = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem");

test("the page of all products lists the whole catalog, 24 a page", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
  const pageCount = Math.ceil(e2eCatalog.length / 24);
  await expect(page.getByRole("status")).toHaveText(`${e2eCatalog.length} products, page 1 of ${pageCount}`);
  await expect(cards(page, "All products")).toHaveCount(Math.min(24, e2eCatalog.length));
  await expect(page).toHaveTitle(/All products/);
});

test("the page of all products is served from the cache, like a category page, at one address", async ({ request }) => {
  await request.get("/products");
  const again = await request.get("/products");
  expect(again.headers()["x-nextjs-cache"]).toBe("HIT");
  const other = await request.get("/categories/all", { maxRedirects: 0 });
  expect(other.status()).toBe(308);
  expect(other.headers()["location"]).toMatch(/\/products$/);
});

for (const category of categories) {
  test(`the ${category.name} page lists that category only`, { tag: "@embedded" }, async ({ page }) => {
    const expected = e2eCatalog.filter((product) => product.category === category.slug);
    await page.goto(`/categories/${category.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
    await expect(cards(page, category.name)).toHaveCount(expected.length);
    for (const product of expected) {
      await expect(page.getByRole("link", { name: new RegExp(product.name) })).toHaveAttribute(
        "href",
        `/products/${product.slug}`,
      );
    }
  });
}

test("an unknown category answers 404 Not Found", async ({ page }) => {
  const response = await page.goto("/categories/shoes");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/not found|could not be found/i).first()).toBeVisible();
});

test("a card opens its product page", async ({ page }) => {
  await page.goto("/categories/trashbags");
  await page.getByRole("link", { name: /Heavy-Duty Trash Bags 90 L/ }).click();
  await expect(page).toHaveURL(/\/products\/heavy-duty-trash-bags-90l$/);
  await expect(page.getByRole("heading", { level: 1, name: "Heavy-Duty Trash Bags 90 L" })).toBeVisible();
});

test(
  "the product page shows name, price, pictures, options, description, breadcrumbs and related products",
  { tag: "@embedded" },
  async ({ page }) => {
    await page.goto("/products/glow-in-the-dark-hoodie");
    await expect(page.getByRole("heading", { level: 1, name: "Glow-in-the-Dark Hoodie" })).toBeVisible();
    await expect(page).toHaveTitle(/Glow-in-the-Dark Hoodie/);
    await expect(page.getByText("KSh 3,499", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /Glow-in-the-Dark Hoodie, view 1 of 2/ })).toBeVisible();
    await expect(page.getByRole("group", { name: "Colour" }).getByRole("radio")).toHaveCount(2);
    await expect(page.getByRole("group", { name: "Size" }).getByRole("radio")).toHaveCount(4);
    await expect(page.getByText(/Nairobi skyline print that glows after dark/)).toBeVisible();

    const breadcrumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumbs.getByRole("link", { name: "Hoodies" })).toHaveAttribute("href", "/categories/hoodies");
    await expect(breadcrumbs.getByText("Glow-in-the-Dark Hoodie")).toHaveAttribute("aria-current", "page");

    const related = cards(page, "Related products");
    await expect(related).toHaveCount(4);
    await expect(related.filter({ hasText: "Glow-in-the-Dark Hoodie" })).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\/glow-in-the-dark-hoodie$/);
    await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute("content", /opengraph-image/);
    await expectNoSeriousAxeViolations(page);
  },
);

test("pack sizes are the options of trash bags, each with its own price", async ({ page }) => {
  await page.goto("/products/recycled-trash-bags-30l");
  const packs = page.getByRole("group", { name: "Pack" });
  await expect(packs.getByRole("radio")).toHaveCount(2);
  await expect(page.getByText("KSh 399", { exact: true })).toBeVisible();
  await packs.getByText("50 bags").click();
  await expect(page.getByText("KSh 899", { exact: true })).toBeVisible();
});

test("a plentiful option says only 'In stock' and leaves the quantity to the cart's own limit", async ({ page }) => {
  await page.goto(lowStockTee);
  await page.getByRole("group", { name: "Colour" }).getByText("White", { exact: true }).click();
  await page.getByRole("group", { name: "Size" }).getByText("M", { exact: true }).click(); // 9 left, not shown
  await expect(page.getByText("In stock", { exact: true })).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveAttribute("max", String(MAX_LINE_QUANTITY));
});

test("a low-stock option says how many are left and limits the quantity", async ({ page }) => {
  await page.goto(lowStockTee);
  await page.getByRole("group", { name: "Colour" }).getByText("White", { exact: true }).click();
  await page.getByRole("group", { name: "Size" }).getByText("L", { exact: true }).click();
  await expect(page.getByText("Only 3 left")).toBeVisible();
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveAttribute("max", "3");
  await expect(quantity).toHaveAttribute("min", "1");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();

  // The form posts the chosen variant: a different size changes the hidden variantId.
  const variantId = page.locator('input[type="hidden"][name="variantId"]');
  const lowStockVariant = await variantId.inputValue();
  await page.getByRole("group", { name: "Size" }).getByText("M", { exact: true }).click();
  await expect(page.getByText("In stock")).toBeVisible();
  await expect(variantId).not.toHaveValue(lowStockVariant);
});

test("a sold-out product says so and cannot be added to the cart", async ({ page }) => {
  await page.goto(soldOutHoodie);
  await expect(page.getByRole("heading", { level: 1, name: "Kanga Print Hoodie" })).toBeVisible();
  await expect(page.getByText("Sold out", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await page.goto("/categories/hoodies");
  await expect(page.getByRole("link", { name: /Kanga Print Hoodie/ })).toContainText("Sold out");
});

test("the product page carries Product JSON-LD with one offer per variant, priced and stocked as the variant is", async ({
  page,
}) => {
  await page.goto(soldOutHoodie);
  const data = await jsonLdOfType<{ offers: { availability: string }[] }>(page, "Product");
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kanga Print Hoodie",
    description: expect.stringContaining("kanga-pattern hood lining"),
    image: [expect.stringMatching(/\/images\/products\/kanga-print-hoodie\.svg$/), expect.any(String)],
  });
  expect(data.offers.length).toBeGreaterThan(1);
  for (const offer of data.offers) {
    expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "KES", availability: "https://schema.org/OutOfStock" });
  }
  await page.goto("/products/glow-in-the-dark-hoodie");
  const glow = await jsonLdOfType<{ offers: { name: string; sku: string; url: string }[] }>(page, "Product");
  const offer = (name: string) => glow.offers.find((candidate) => candidate.name === name)!;
  // The seed's XL costs KSh 200 more, and Navy XL is sold out.
  expect(offer("M · Black")).toMatchObject({ price: 3499, availability: "https://schema.org/InStock" });
  expect(offer("XL · Black")).toMatchObject({ price: 3699, availability: "https://schema.org/InStock" });
  expect(offer("XL · Navy")).toMatchObject({ price: 3699, availability: "https://schema.org/OutOfStock" });
  expect(offer("XL · Navy").sku).toMatch(/^\d+$/);
  expect(offer("XL · Navy").url).toMatch(new RegExp(`/products/glow-in-the-dark-hoodie\\?variant=${offer("XL · Navy").sku}$`));
});

test("every product has its own Open Graph image", async ({ request }) => {
  const response = await request.get("/products/lamu-dhow-hoodie/opengraph-image");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});

test("an unknown product answers 404 Not Found", async ({ page }) => {
  const response = await page.goto("/products/no-such-hoodie");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/not found|could not be found/i).first()).toBeVisible();
});

test("every product picture is served", async ({ request }) => {
  for (const image of e2eCatalog.flatMap((product) => product.images)) {
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
  }
});

test("the sitemap lists every product and category", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  for (const product of e2eCatalog) expect(xml).toContain(`/products/${product.slug}</loc>`);
  for (const category of categories) expect(xml).toContain(`/categories/${category.slug}</loc>`);
  expect(xml).toContain("/products</loc>");
  expect(xml).toContain("<lastmod>");
});
