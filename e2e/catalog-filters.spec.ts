import { expect, test, type Page } from "@playwright/test";
import { filterLabels } from "../lib/catalog/search-params";
import { site } from "../lib/site";
import { e2eCatalog } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";

// Hoodies in XL, black or navy, at most KSh 3,800, in stock: one variant must have all four.
// Glow-in-the-Dark (XL Black 3,699, 6 left; its XL Navy is sold out), Matatu Art (XL Black 3,799)
// and Kilimanjaro (XL Navy 3,699); the Kijani Leaf's XL Black costs 3,999.
const filtered = "/categories/hoodies?size=XL&colour=black&colour=navy&max=3800&stock=in";
const expectedNames = ["Glow-in-the-Dark Hoodie", "Matatu Art Hoodie", "Kilimanjaro Pullover Hoodie"];

const cards = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem");
const cardNames = (page: Page, list: string) => cards(page, list).getByRole("heading").allTextContents();
const cardPrices = async (page: Page, list: string) =>
  (await cards(page, list).locator("p").filter({ hasText: /^KSh / }).allTextContents()).map((text) =>
    Number(text.replace(/\D/g, "")),
  );
const form = (page: Page) => page.getByRole("form", { name: "Refine results" });

async function chooseFilters(page: Page) {
  await form(page).getByRole("group", { name: filterLabels.size }).getByLabel("XL", { exact: true }).check();
  const colours = form(page).getByRole("group", { name: filterLabels.colour });
  await colours.getByLabel("Black", { exact: true }).check();
  await colours.getByLabel("Navy", { exact: true }).check();
  await form(page).getByLabel(filterLabels.maxPrice).fill("3800");
  await form(page).getByLabel(filterLabels.inStock).check();
  await form(page).getByRole("button", { name: filterLabels.apply }).click();
}

/** On a phone the panel is closed again on the results' page, so that the products come first. */
async function expectFilteredHoodies(page: Page, { phone = false } = {}) {
  await expect(page).toHaveURL(filtered);
  await expect(page.getByRole("status")).toHaveText(`${expectedNames.length} products`);
  expect((await cardNames(page, "Hoodies")).sort()).toEqual([...expectedNames].sort());
  // The form shows what was applied.
  if (phone) await page.getByText(filterLabels.panel, { exact: true }).click();
  await expect(form(page).getByRole("group", { name: filterLabels.size }).getByLabel("XL", { exact: true })).toBeChecked();
  await expect(form(page).getByLabel(filterLabels.maxPrice)).toHaveValue("3800");
}

test.describe("with JavaScript", () => {
  test("size, colour, price and stock narrow a category to what matches, with the right count", async ({ page }) => {
    await page.goto("/categories/hoodies");
    await chooseFilters(page);
    await expectFilteredHoodies(page);
    await expectNoSeriousAxeViolations(page);
  });

  test("'In stock only' leaves out a product whose matching variant is sold out", async ({ page }) => {
    await page.goto("/categories/hoodies?size=XL&colour=navy");
    expect((await cardNames(page, "Hoodies")).sort()).toEqual(["Glow-in-the-Dark Hoodie", "Kilimanjaro Pullover Hoodie"]);
    await page.goto("/categories/hoodies?size=XL&colour=navy&stock=in");
    expect(await cardNames(page, "Hoodies")).toEqual(["Kilimanjaro Pullover Hoodie"]);
    await expect(page.getByRole("status")).toHaveText("1 product");
  });

  test("sorts by price both ways through the form", async ({ page }) => {
    await page.goto("/categories/tshirts");
    await form(page).getByLabel(filterLabels.sort).selectOption("price-asc");
    await form(page).getByRole("button", { name: filterLabels.apply }).click();
    await expect(page).toHaveURL("/categories/tshirts?sort=price-asc");
    const up = await cardPrices(page, "T-shirts");
    expect(up.length).toBe(e2eCatalog.filter((product) => product.category === "tshirts").length);
    expect(up).toEqual([...up].sort((a, b) => a - b));

    await form(page).getByLabel(filterLabels.sort).selectOption("price-desc");
    await form(page).getByRole("button", { name: filterLabels.apply }).click();
    await expect(page).toHaveURL("/categories/tshirts?sort=price-desc");
    const down = await cardPrices(page, "T-shirts");
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await expect(form(page).getByLabel(filterLabels.sort)).toHaveValue("price-desc");
  });

  test("all products come in pages of 24 with previous, numbered and next links", async ({ page }) => {
    const pageCount = Math.ceil(e2eCatalog.length / 24);
    await page.goto("/products");
    await expect(page.getByRole("status")).toHaveText(`${e2eCatalog.length} products, page 1 of ${pageCount}`);
    await expect(cards(page, "All products")).toHaveCount(24);
    const first = await cardNames(page, "All products");
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/products?page=2");
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
    await expect(cards(page, "All products")).toHaveCount(e2eCatalog.length - 24);
    const second = await cardNames(page, "All products");
    expect(second.some((name) => first.includes(name))).toBe(false);
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/products");
    await pager.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL("/products?page=2");
  });

  test("the pages of a sorted listing continue the order", async ({ page }) => {
    await page.goto("/products?sort=price-asc");
    const first = await cardPrices(page, "All products");
    await page.goto("/products?sort=price-asc&page=2");
    const second = await cardPrices(page, "All products");
    expect([...first, ...second]).toEqual([...first, ...second].sort((a, b) => a - b));
    expect(first.length + second.length).toBe(e2eCatalog.length);
  });

  test("on a phone the filters open in a panel", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/categories/hoodies");
    const apply = form(page).getByRole("button", { name: filterLabels.apply });
    await expect(apply).toBeHidden();
    await page.getByText(filterLabels.panel, { exact: true }).click();
    await expect(apply).toBeVisible();
    await chooseFilters(page);
    await expectFilteredHoodies(page, { phone: true });
    await context.close();
  });

  test("on a wide screen the filters are shown beside the products, with no panel to open", async ({ page }) => {
    await page.goto("/categories/hoodies");
    await expect(page.getByTestId("filters").locator("summary")).toBeHidden();
    await expect(form(page).getByRole("button", { name: filterLabels.apply })).toBeVisible();
    await expect(form(page).getByRole("group", { name: filterLabels.size }).getByLabel("XL", { exact: true })).toBeVisible();
  });

  test("search takes the same filters", async ({ page }) => {
    await page.goto("/search?q=hoodie");
    await form(page).getByRole("group", { name: filterLabels.size }).getByLabel("XL", { exact: true }).check();
    await form(page).getByRole("group", { name: filterLabels.colour }).getByLabel("Navy", { exact: true }).check();
    await form(page).getByLabel(filterLabels.inStock).check();
    await form(page).getByRole("button", { name: filterLabels.apply }).click();
    await expect(page).toHaveURL(/[?&]q=hoodie/);
    await expect(page).toHaveURL(/[?&]size=XL/);
    expect(await cardNames(page, "Search results")).toEqual(["Kilimanjaro Pullover Hoodie"]);
    await expect(page.getByRole("status")).toHaveText("1 product");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form works as a plain GET form", async ({ page }) => {
    await page.goto("/categories/hoodies");
    await chooseFilters(page);
    await expectFilteredHoodies(page);
  });

  test("sorting and paging work too", async ({ page }) => {
    await page.goto("/products");
    await form(page).getByLabel(filterLabels.sort).selectOption("price-desc");
    await form(page).getByRole("button", { name: filterLabels.apply }).click();
    await expect(page).toHaveURL("/products?sort=price-desc");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/products?sort=price-desc&page=2");
    const prices = await cardPrices(page, "All products");
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test("on a phone the panel opens without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/categories/hoodies");
    await expect(form(page).getByRole("button", { name: filterLabels.apply })).toBeHidden();
    await page.getByText(filterLabels.panel, { exact: true }).click();
    await chooseFilters(page);
    await expectFilteredHoodies(page, { phone: true });
    await context.close();
  });

  test("on a phone the applied filters stay in sight as links that each remove one, with their count", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(filtered);
    await expect(form(page).getByRole("button", { name: filterLabels.apply })).toBeHidden();
    const applied = page.getByRole("region", { name: filterLabels.applied(5) });
    const chips = applied.getByRole("listitem").getByRole("link");
    const labels = ["Size XL", "Black", "Navy", "Up to KSh 3,800", filterLabels.inStock];
    await expect(chips).toContainText(labels);
    for (const [index, label] of labels.entries())
      await expect(chips.nth(index)).toHaveAccessibleName(filterLabels.remove(label));
    await applied.getByRole("link", { name: filterLabels.remove("Black") }).click();
    await expect(page).toHaveURL("/categories/hoodies?size=XL&colour=navy&max=3800&stock=in");
    await expect(page.getByRole("region", { name: filterLabels.applied(4) })).toBeVisible();
    await page.getByRole("link", { name: filterLabels.clear }).click();
    await expect(page).toHaveURL("/categories/hoodies");
    await expect(page.getByRole("link", { name: filterLabels.clear })).toHaveCount(0);
    await context.close();
  });

  test("search with a filter", async ({ page }) => {
    await page.goto("/search?q=hoodie");
    await form(page).getByRole("group", { name: filterLabels.colour }).getByLabel("Navy", { exact: true }).check();
    await form(page).getByRole("button", { name: filterLabels.apply }).click();
    const navy = e2eCatalog.filter(
      (product) =>
        /hoodie/i.test(product.name + product.description) && product.variants.some((variant) => variant.colour === "Navy"),
    );
    expect((await cardNames(page, "Search results")).sort()).toEqual(navy.map((product) => product.name).sort());
  });
});

test.describe("one URL per combination", () => {
  test("any other spelling answers 308 to the normalised URL, unknown and empty values dropped", async ({ request }) => {
    const response = await request.get(
      "/categories/hoodies?stock=in&max=3800&min=&colour=Navy&colour=black&colour=purple!&size=xl&sort=relevance&page=1&utm_source=sms",
      { maxRedirects: 0 },
    );
    expect(response.status()).toBe(308);
    expect(
      new URL(response.headers()["location"], site.url).pathname + new URL(response.headers()["location"], site.url).search,
    ).toBe(filtered);
    // A campaign's parameters on an unfiltered page are left alone.
    expect((await request.get("/categories/hoodies?utm_source=sms", { maxRedirects: 0 })).status()).toBe(200);
  });

  test("the internal path of a filtered page leads to its public URL", async ({ request }) => {
    const response = await request.get("/categories/hoodies/not-a-key", { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers()["location"]).toMatch(/\/categories\/hoodies$/);
  });

  test("a filtered page is noindex with a canonical to the unfiltered page, and served from the cache", async ({ request }) => {
    const html = await (await request.get(filtered)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toContain(`<link rel="canonical" href="${site.url}/categories/hoodies"`);
    expect((await request.get(filtered)).headers()["x-nextjs-cache"]).toBe("HIT");

    const paged = await (await request.get("/products?page=2")).text();
    expect(paged).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(paged).toContain(`<link rel="canonical" href="${site.url}/products"`);

    const unfiltered = await (await request.get("/categories/hoodies")).text();
    expect(unfiltered).not.toMatch(/noindex/);
    expect(unfiltered).toContain(`<link rel="canonical" href="${site.url}/categories/hoodies"`);
  });
});
