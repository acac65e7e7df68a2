import { expect, test, type Browser, type Page } from "@playwright/test";
import { staffProductsHref } from "../lib/catalog/staff-products";
import { seedCategories, seedProducts, seedSizeCharts } from "../lib/catalog/seed-data";
import { howToMeasure } from "../lib/catalog/size-chart-rules";
import { sizesOf } from "../lib/catalog/sizes";
import { staffState } from "./support/staff";

// Saving a product re-renders its pages (unchanged here): this file runs in the 'shared content'
// project, after the specs that read them.
test.use({ storageState: staffState("staff") });

/** The back-office addresses of a category's seeded products, from its list (each launch category fits one page). */
async function productPaths(page: Page, category: string): Promise<string[]> {
  await page.goto(staffProductsHref({ category }));
  const paths: string[] = [];
  for (const product of seedProducts.filter((seeded) => seeded.category === category)) {
    const link = page.getByTestId("product-row").getByRole("link", { name: product.name, exact: true });
    paths.push(new URL((await link.getAttribute("href"))!, page.url()).pathname);
  }
  return paths;
}

/** Opens a product's form and saves it untouched: each variant shows its size, and the save is accepted. */
async function saveUnchanged(page: Page, path: string) {
  await page.goto(path);
  const form = page.getByRole("form", { name: "Product" });
  for (const size of await form.getByLabel("Size").all()) {
    const required = await size.evaluate((select) => (select as HTMLSelectElement).required);
    if (required) await expect(size, path).not.toHaveValue("");
  }
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByRole("status"), path).toHaveText("Saved. Shoppers see the change now.");
}

test("every seeded product opens and saves unchanged, kids' sizes too", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const paths: string[] = [];
  for (const category of seedCategories) paths.push(...(await productPaths(page, category.slug)));
  expect(paths).toHaveLength(seedProducts.length);
  await inParallel(browser, 3, paths, saveUnchanged);
});

test("a kids' product page's size guide shows its kids' rows", async ({ page }) => {
  const kids = seedProducts.find((product) => product.slug === "kids-twiga-hoodie")!;
  const category = seedCategories.find((known) => known.slug === kids.category)!;
  const chart = seedSizeCharts.find((known) => known.category === kids.category)!.rows;
  const sold = sizesOf(category).filter((size) => kids.variants.some((variant) => variant.size === size));
  expect(sold).toEqual(category.kidsSizes);
  await page.goto(`/products/${kids.slug}`);
  await page.getByText("Size guide", { exact: true }).click();
  const table = page.getByRole("table", { name: howToMeasure });
  await expect(table.getByRole("rowheader")).toHaveText(sold);
  const first = chart.find((row) => row.size === sold[0])!;
  await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(String(first.chest));
});

/** Runs `work` on every item, `pages` at a time, each page in the test's signed-in context. */
async function inParallel<T>(browser: Browser, pages: number, items: T[], work: (page: Page, item: T) => Promise<void>) {
  const context = await browser.newContext({ storageState: staffState("staff") });
  const queue = [...items];
  await Promise.all(
    Array.from({ length: pages }, async () => {
      const page = await context.newPage();
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(page, item);
    }),
  );
  await context.close();
}
