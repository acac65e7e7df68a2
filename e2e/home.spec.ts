import { expect, test } from "@playwright/test";
import { seedCategories } from "@/lib/catalog/seed-data";
import { findOrderPath, findOrderTitle } from "@/lib/orders/status";
import { site } from "@/lib/site";
import { expectNoHorizontalScroll } from "./support/layout";

test.describe("the home page", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test(
    "the promo banner is exactly 300 px high on desktop and sells the glow-in-the-dark hoodie",
    { tag: "@embedded" },
    async ({ page }) => {
      const banner = page.getByRole("region", { name: "The Glow-in-the-Dark Hoodie" });
      expect((await banner.boundingBox())!.height).toBe(300);
      await expect(banner.getByRole("heading", { level: 1 })).toHaveText("The Glow-in-the-Dark Hoodie");
      await expect(banner.getByText("a glowing Nairobi skyline by night")).toBeVisible();
      await expect(banner.getByRole("link", { name: "Buy Now" })).toHaveAttribute("href", "/products/glow-in-the-dark-hoodie");
      await expect(banner.getByRole("region", { name: "Featured clothing" })).toBeVisible();
    },
  );

  test("a welcome heading and its description", async ({ page }) => {
    const welcome = page.getByRole("region", { name: `Welcome to ${site.name}` });
    await expect(welcome.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(welcome.getByRole("paragraph")).toContainText("organic cotton");
  });

  test("four selling points, each with an icon, a title and a sentence", async ({ page }) => {
    const points = page.getByRole("region", { name: "Why shop with us" }).getByRole("listitem");
    await expect(points.getByRole("heading", { level: 3 })).toHaveText([
      "Great Value",
      "Countrywide Delivery",
      "Safe Payment",
      "Shop with Confidence",
    ]);
    for (const point of await points.all()) {
      await expect(point.locator("svg.lucide")).toBeVisible();
      await expect(point.getByRole("paragraph")).toHaveText(/^[A-Z].{30,}\.$/);
    }
  });
});

test("the home page leads to every category and all products, after the selling points, on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const regions = await page
    .locator("main section[aria-labelledby]")
    .evaluateAll((sections) => sections.map((section) => section.getAttribute("aria-labelledby")));
  expect(regions.indexOf("shop-by-category-heading")).toBe(regions.indexOf("selling-points-heading") + 1);
  const links = page.getByRole("region", { name: "Shop by category" }).getByRole("link");
  const expected = [
    ...seedCategories.map((category) => ({ name: category.name, href: `/categories/${category.slug}` })),
    { name: "All products", href: "/products" },
  ];
  await expect(links).toHaveCount(expected.length);
  for (const [index, { name, href }] of expected.entries()) {
    await expect(links.nth(index)).toHaveAttribute("href", href);
    await expect(links.nth(index)).toContainText(name);
  }
  await expectNoHorizontalScroll(page);
  await links.first().click();
  await expect(page.getByRole("heading", { level: 1, name: seedCategories[0].name })).toBeVisible();
});

test("a guest finds the order lookup from the account icon's sign-in page and from the Contact page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("main").getByRole("link", { name: findOrderTitle })).toHaveAttribute("href", findOrderPath);
  await page.goto("/contact");
  await page.getByRole("main").getByRole("link", { name: findOrderTitle }).click();
  await expect(page.getByRole("heading", { level: 1, name: findOrderTitle })).toBeVisible();
});

test("the 'Not Found' page answers 404 inside the shared layout", async ({ page }) => {
  const response = await page.goto(`/no-such-page-${Date.now()}`);
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not Found");
  await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search products" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "About Us" })).toBeVisible();
  await expect(page).toHaveTitle(`Not Found | ${site.name}`);
  await page.getByRole("main").getByRole("link", { name: "Back to the shop" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown nested URL is a 404 too", async ({ request }) => {
  const response = await request.get(`/about/nothing-here/${Date.now()}`);
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Not Found");
});
