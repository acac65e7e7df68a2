import { expect, test, type Locator, type Page } from "@playwright/test";
import { socialLinks } from "@/lib/shop-details/contact";
import { defaultShopDetails as details, site } from "@/lib/site";
import { collectConsoleErrors, waitForHydration } from "./support/console";
import { storefrontPages, unknownPath } from "./support/pages";

const everyLayoutPage = [...storefrontPages.map((page) => page.path), "a page that does not exist"];

for (const path of everyLayoutPage) {
  test.describe(`the shared layout on ${path}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(path.startsWith("/") ? path : unknownPath());
    });

    test("the header has the logo, the search form and the shopper's three icons", async ({ page }) => {
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: `${site.name} home` })).toHaveAttribute("href", "/");

      const search = header.getByRole("searchbox", { name: "Search products" });
      await expect(search).toHaveAttribute("placeholder", "Search");
      await expect(search).toHaveAttribute("name", "q");

      const category = header.getByRole("combobox", { name: "Category" });
      await expect(category).toHaveAttribute("name", "category");
      await expect(category).toHaveValue("all");
      const options = await category
        .locator("option")
        .evaluateAll((elements) => elements.map((option) => [(option as HTMLOptionElement).value, option.textContent]));
      expect(options).toEqual([
        ["all", "All category"],
        ["hoodies", "Hoodies"],
        ["tshirts", "T-shirts"],
        ["trashbags", "Trash bags"],
      ]);
      await expect(header.getByRole("button", { name: "Search", exact: true })).toBeVisible();

      await expectIconControl(header.getByRole("link", { name: "Cart" }), "/cart");
      await expectIconControl(header.getByRole("button", { name: "Notifications" }));
      await expectIconControl(header.getByRole("link", { name: "Account" }), "/login");
    });

    test("the footer has the brand, the company pages and every way to reach the shop", async ({ page }) => {
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: `${site.name} home` })).toHaveAttribute("href", "/");
      await expect(footer.getByText(site.blurb)).toBeVisible();

      const company = footer.getByRole("navigation", { name: "Our Company" });
      await expect(company.getByRole("link")).toHaveText(["About Us", "Contact Us", "Terms and Conditions", "Find your order"]);

      const connected = footer.getByRole("region", { name: "Stay Connected" });
      for (const account of socialLinks(details)) {
        const link = connected.getByRole("link", { name: account.name, exact: true });
        await expect(link).toHaveAttribute("href", account.href);
        await expect(link.locator("svg")).toBeVisible();
      }
      await expect(connected.getByRole("link", { name: details.phone })).toHaveAttribute("href", "tel:+254712345678");
      await expect(connected.getByRole("link", { name: details.email })).toHaveAttribute("href", `mailto:${details.email}`);
      await expect(connected.getByText(`${details.street}, Nairobi, Kenya`)).toBeVisible();
    });
  });
}

test("every footer link to a page of the shop leads to a real page", async ({ page, request }) => {
  await page.goto("/");
  const hrefs = await page
    .getByRole("contentinfo")
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs).toEqual(["/", "/about", "/contact", "/terms", "/orders/find"]);
  for (const href of new Set(hrefs)) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

test("the footer's company links open their pages", async ({ page }) => {
  for (const [name, heading] of [
    ["About Us", "About Us"],
    ["Contact Us", "Contact Us"],
    ["Terms and Conditions", "Terms and Conditions"],
    ["Find your order", "Find your order"],
  ]) {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("the contact page gives the phone, WhatsApp, e-mail, address and hours from the shop's details", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  // The seeded WhatsApp number is the phone's: one link to call it, one to chat.
  const numbers = main.getByRole("link", { name: details.phone, exact: true });
  await expect(numbers.first()).toHaveAttribute("href", "tel:+254712345678");
  await expect(numbers.last()).toHaveAttribute("href", "https://wa.me/254712345678");
  await expect(main.getByRole("link", { name: details.email })).toHaveAttribute("href", `mailto:${details.email}`);
  await expect(main.getByText(details.street)).toBeVisible();
  await expect(main.getByText(details.hours)).toBeVisible();
});

test("secondary links are not prefetched as they scroll into view; the header's are", async ({ page }) => {
  const prefetched = routerFetches(page);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  // The header's cart link is prefetched: prefetching works on this page.
  await expect.poll(() => prefetched.has("/cart"), { timeout: 10_000 }).toBe(true);
  for (const path of ["/about", "/contact", "/terms", "/register", "/forgot-password"])
    expect(prefetched.has(path), path).toBe(false);
});

test("the header's sign-in link is prefetched once a pointer is on it, not as it comes into view", async ({ page }) => {
  const prefetched = routerFetches(page);
  await page.goto("/register");
  await waitForHydration(page);
  await expect.poll(() => prefetched.has("/cart"), { timeout: 10_000 }).toBe(true);
  expect(prefetched.has("/login")).toBe(false);
  await page.getByRole("banner").getByRole("link", { name: "Account" }).hover();
  await expect.poll(() => prefetched.has("/login"), { timeout: 10_000 }).toBe(true);
});

test.describe("a browser that asks to save data", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true } }));
  });

  test("prefetches nothing, and a tap still opens the page without a full load", async ({ page }) => {
    const fetched = routerFetches(page);
    await page.goto("/categories/hoodies");
    await waitForHydration(page);
    const card = page.getByRole("list", { name: "Hoodies" }).getByRole("link").first();
    await card.hover();
    // Longer than the cart link and the cards take to be prefetched without Save-Data (see below).
    await page.waitForTimeout(3000);
    expect([...fetched]).toEqual([]);

    await page.evaluate(() => ((window as Window & { samePage?: boolean }).samePage = true));
    const href = await card.getAttribute("href");
    await card.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(true);
  });
});

test("without Save-Data, the header's cart link and the product cards are prefetched", async ({ page }) => {
  const prefetched = routerFetches(page);
  await page.goto("/categories/hoodies");
  await waitForHydration(page);
  const href = await page.getByRole("list", { name: "Hoodies" }).getByRole("link").first().getAttribute("href");
  await expect.poll(() => prefetched.has("/cart") && prefetched.has(href!), { timeout: 10_000 }).toBe(true);
});

test.describe("searching without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header form sends the query and the category to /search", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await header.getByRole("searchbox", { name: "Search products" }).fill("glow hoodie");
    await header.getByRole("combobox", { name: "Category" }).selectOption("hoodies");
    await header.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=glow\+hoodie&category=hoodies$/);
  });
});

for (const { path } of storefrontPages) {
  test(`${path} loads without console errors or hydration warnings`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(path);
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });
}

/** The paths whose route data the page fetches ahead (prefetches) or on a client navigation, as they happen. */
function routerFetches(page: Page): Set<string> {
  const paths = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.headers()["next-router-prefetch"] || url.searchParams.has("_rsc")) paths.add(url.pathname);
  });
  return paths;
}

async function expectIconControl(control: Locator, href?: string) {
  await expect(control).toBeVisible();
  await expect(control.locator("svg.lucide")).toHaveAttribute("aria-hidden", "true");
  if (href) await expect(control).toHaveAttribute("href", href);
}
