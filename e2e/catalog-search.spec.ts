import { expect, test, type Page } from "@playwright/test";
import { searchPageSize } from "../lib/catalog/search";
import { e2eCatalog } from "./fixtures/products";
import { expectNoSeriousAxeViolations } from "./support/axe";

const results = (page: Page) => page.getByRole("list", { name: "Search results" }).getByRole("listitem");
const resultNames = (page: Page) => results(page).getByRole("heading").allTextContents();
const resultPrices = async (page: Page) =>
  (await results(page).locator("p").filter({ hasText: /^KSh / }).allTextContents()).map((text) =>
    Number(text.replace(/\D/g, "")),
  );
const tshirts = e2eCatalog.filter((product) => product.category === "tshirts");
/** The first page of the T-shirts: the fixtures fill the category past one page. */
const tshirtsOnPageOne = Math.min(tshirts.length, searchPageSize);

function searchTests() {
  test("finds hoodies despite a typo, ranked first", { tag: "@embedded" }, async ({ page }) => {
    await page.goto("/search?q=hodie");
    await expect(page.getByRole("heading", { level: 1, name: "Results for “hodie”" })).toBeVisible();
    await expect(page.getByText("Showing results for “hoodie”.")).toBeVisible();
    const names = await resultNames(page);
    expect(names[0]).toMatch(/Hoodie/);
    expect(names).toContain("Glow-in-the-Dark Hoodie");
  });

  test("matches partial words, case-insensitively, in descriptions too", { tag: "@embedded" }, async ({ page }) => {
    await page.goto("/search?q=WILDEBEE");
    expect(await resultNames(page)).toEqual(["Maasai Mara Sunrise T-shirt"]);
    await expect(page.getByRole("status")).toHaveText("1 product");
  });

  test("a category narrows the results, and the results page's controls change it", async ({ page }) => {
    await page.goto("/search?q=organic");
    const everywhere = (await resultNames(page)).length;
    await page.getByRole("main").getByLabel("Category").selectOption("tshirts");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]category=tshirts/);
    await expect(page).toHaveURL(/[?&]q=organic/);
    const names = await resultNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(everywhere);
    for (const name of names) expect(tshirts.map((product) => product.name)).toContain(name);
  });

  test("an empty query lists the chosen category", async ({ page }) => {
    await page.goto("/search?q=&category=trashbags");
    await expect(page.getByRole("heading", { level: 1, name: "Trash bags" })).toBeVisible();
    await expect(results(page)).toHaveCount(e2eCatalog.filter((product) => product.category === "trashbags").length);
  });

  test("sorts by price both ways through the sort control", async ({ page }) => {
    await page.goto("/search?category=tshirts");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    const ascending = await resultPrices(page);
    expect(ascending.length).toBe(tshirtsOnPageOne);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await page.getByLabel("Sort by").selectOption("price-desc");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    const descending = await resultPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
  });

  test("pages through all products with links", async ({ page }) => {
    await page.goto("/search");
    const pages = Math.ceil(e2eCatalog.length / 12);
    await expect(page.getByRole("status")).toHaveText(`${e2eCatalog.length} products, page 1 of ${pages}`);
    const first = await resultNames(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("navigation", { name: "Pagination" }).locator('[aria-current="page"]')).toHaveText("2");
    const second = await resultNames(page);
    expect(second.some((name) => first.includes(name))).toBe(false);
    await page.getByRole("link", { name: `Page ${pages}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${e2eCatalog.length} products, page ${pages} of ${pages}`);
  });

  test("shows a clear empty state with suggestions", async ({ page }) => {
    await page.goto("/search?q=zzqxv&category=hoodies");
    await expect(page.getByRole("heading", { name: "No products match “zzqxv” in Hoodies" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search all categories" })).toHaveAttribute("href", "/search?q=zzqxv");
    await expect(page.getByRole("link", { name: "T-shirts" })).toHaveAttribute("href", "/categories/tshirts");
    await page.getByRole("link", { name: "All products" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
  });
}

test.describe("search with JavaScript", () => {
  searchTests();
  headerSearchTest();

  test("has no serious accessibility violations", async ({ page }) => {
    await page.goto("/search?q=hoodie");
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  searchTests();
  headerSearchTest();
  headerKeepsQueryTest();
});

/** The header's own form, on another page, reaches the results: a plain GET form. */
function headerSearchTest() {
  test("the header's search form reaches the results", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await header.getByRole("searchbox").fill("hodie");
    await header.getByRole("combobox", { name: "Category" }).selectOption("hoodies");
    await header.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=hodie&category=hoodies$/);
    const names = await resultNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/Hoodie/);
  });
}

/** The search page renders the header's form with the query, so no script has to restore it. */
function headerKeepsQueryTest() {
  test("the header keeps the current query and category selected on /search", async ({ page }) => {
    await page.goto("/search?q=glow&category=hoodies");
    const header = page.getByRole("banner");
    await expect(header.getByRole("searchbox")).toHaveValue("glow");
    await expect(header.getByRole("combobox", { name: "Category" })).toHaveValue("hoodies");
    await page.goto("/about");
    await expect(header.getByRole("searchbox")).toHaveValue("");
    await expect(header.getByRole("combobox", { name: "Category" })).toHaveValue("all");
  });
}

headerKeepsQueryTest();

test("a repeated or shared search, however it is spelt, is served from its cached render", async ({ request }) => {
  expect((await request.get("/search?q=sunrise&sort=newest")).status()).toBe(200);
  const again = await request.get("/search?sort=newest&q=+sunrise+&category=all&page=1&utm_source=whatsapp");
  expect(again.status()).toBe(200);
  expect(again.headers()["x-nextjs-cache"]).toBe("HIT");
  expect(await again.text()).toContain("Results for “sunrise”");
});

test("the path that renders a search is internal: opening it leads to the search's public URL", async ({ request }) => {
  for (const path of ["/search/not-a-key", "/search/a/b"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers()["location"], path).toMatch(/\/search$/);
  }
  // A malformed percent-escape is refused before any route, as on every path (proxy.ts).
  expect((await request.get("/search/%E0%A4%A", { maxRedirects: 0 })).status()).toBe(400);
});

test.describe("hostile and odd input gets a normal page", () => {
  const cases: [string, string][] = [
    ["a 3,000-character query", `q=${"hoodie ".repeat(430)}`],
    ["SQL", `q=${encodeURIComponent("' OR 1=1 --")}`],
    ["a NUL byte", "q=%00"],
    ["a NUL byte inside words", "q=hoo%00die"],
    ["a repeated parameter", "q=a&q=b"],
    ["an array parameter", "category%5B%5D=x"],
    ["an unknown category", "category=shoes"],
    ["an unknown sort", "sort=cheapest"],
    ["an unknown page", "page=abc"],
    ["a negative page", "page=-1"],
    ["a huge page", "page=99999999999999999999"],
    ["broken percent-encoding", "q=%E0%A4%A"],
  ];
  for (const [name, search] of cases) {
    test(name, async ({ page }) => {
      const response = await page.goto(`/search?${search}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(/\d+ products?/);
    });
  }

  test("an unknown category falls back to all products", async ({ page }) => {
    await page.goto("/search?category=shoes");
    await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`${e2eCatalog.length} products`);
    await expect(page.getByRole("main").getByLabel("Category")).toHaveValue("all");
  });

  test("a huge page shows the last page", async ({ page }) => {
    await page.goto("/search?page=99999999999999999999");
    const pages = Math.ceil(e2eCatalog.length / 12);
    await expect(page.getByRole("status")).toHaveText(`${e2eCatalog.length} products, page ${pages} of ${pages}`);
  });

  test("markup in the query is shown as text, never run", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`/search?q=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “<script>alert(1)</script>”");
    const injected = await page.evaluate(
      () => [...document.querySelectorAll("script")].filter((script) => script.textContent?.trim() === "alert(1)").length,
    );
    expect(injected).toBe(0);
    expect(await page.locator("body").innerHTML()).not.toContain("<script>alert(1)</script>");
    expect(dialogs).toEqual([]);
  });
});
