import { expect, test } from "@playwright/test";
import { tagSources } from "@/lib/analytics/tag-sources";
import { site } from "@/lib/site";
import { storefrontPages } from "./support/pages";
import { jsonLdItems, jsonLdOfType, structuredDataErrors } from "./support/structured-data";

for (const { path, title } of storefrontPages) {
  test(`${path} has its own title, description, canonical URL and share tags`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    const meta = (selector: string) => page.locator(selector).first();
    await expect(meta('meta[name="description"]')).toHaveAttribute("content", /\w.{40,}/);
    await expect(meta('link[rel="canonical"]')).toHaveAttribute("href", `${site.url}${path === "/" ? "" : path}`);
    await expect(meta('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(meta('meta[property="og:description"]')).toHaveAttribute("content", /\w.{40,}/);
    await expect(meta('meta[property="og:image"]')).toHaveAttribute("content", /\/opengraph-image/);
    await expect(meta('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(meta('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    await expect(meta('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(meta('meta[name="twitter:image"]')).toHaveAttribute("content", /\/opengraph-image/);
    await expect(meta('link[rel="icon"]')).toHaveAttribute("href", /^\/icon\.svg/);
    await expect(meta('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });
}

test("every page's description is its own", async ({ request }) => {
  const descriptions = new Set<string>();
  for (const { path } of storefrontPages) {
    const html = await (await request.get(path)).text();
    descriptions.add(/<meta name="description" content="([^"]+)"/.exec(html)![1]!);
  }
  expect(descriptions.size).toBe(storefrontPages.length);
});

test("the share image is a 1200x630 PNG", async ({ request }) => {
  const response = await request.get("/opengraph-image");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = await response.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("robots.txt allows the shop and points at the sitemap", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Allow: /");
  expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
});

test("sitemap.xml lists the shop's pages", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const sitemap = await response.text();
  for (const { path } of storefrontPages) expect(sitemap).toContain(`<loc>${site.url}${path}</loc>`);
});

test("the web manifest and the favicon are served", async ({ request }) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: site.name, start_url: "/", display: "standalone" });
  const icon = await request.get(manifest.icons[0].src);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("pages are sent with security headers and a CSP that allows no other origin but the analytics tags'", async ({
  request,
}) => {
  for (const path of ["/", "/about", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    const csp = headers["content-security-policy"]!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // No other origin but where GA4 and the Pixel load from after 'Accept' (issue 59).
    const tagOrigins = new Set<string>(Object.values(tagSources).flat());
    const others = csp.split(/[\s;]+/).filter((source) => !tagOrigins.has(source));
    expect(others.join(" ")).not.toMatch(/https?:|\*/);
    expect(headers["x-powered-by"]).toBeUndefined();
  }
});

// Each page type's structured data, as Adobe's validator reads Google's rich-result rules (issue 55).
const structuredPages = [
  { path: "/", types: ["Organization", "WebSite"] },
  { path: "/categories/hoodies", types: ["CollectionPage", "BreadcrumbList"] },
  { path: "/products", types: ["CollectionPage", "BreadcrumbList"] },
  { path: "/products/glow-in-the-dark-hoodie", types: ["Product", "BreadcrumbList"] },
  { path: "/products/kids-twiga-hoodie", types: ["Product", "BreadcrumbList"] },
];

for (const { path, types } of structuredPages) {
  test(`${path} describes itself in valid structured data: ${types.join(", ")}`, async ({ page }) => {
    await page.goto(path);
    const items = await jsonLdItems(page);
    expect(items.map((item) => item["@type"]).sort()).toEqual([...types].sort());
    expect(await structuredDataErrors(items)).toEqual([]);
  });
}

test("the structured data says what each page type holds", async ({ page }) => {
  await page.goto("/");
  const organization = await jsonLdOfType<{ url: string; contactPoint: { telephone: string } }>(page, "Organization");
  expect(organization).toMatchObject({ name: site.name, url: site.url });
  await expect(page.getByRole("contentinfo").getByRole("link", { name: organization.contactPoint.telephone })).toBeVisible();
  expect(await jsonLdOfType(page, "WebSite")).toMatchObject({
    url: site.url,
    potentialAction: { "@type": "SearchAction", target: { urlTemplate: `${site.url}/search?q={search_term_string}` } },
  });

  await page.goto("/categories/hoodies");
  const cards = page.getByRole("main").getByRole("heading", { level: 3 });
  const collection = await jsonLdOfType<{ mainEntity: { itemListElement: { name: string; url: string }[] } }>(
    page,
    "CollectionPage",
  );
  expect(collection.mainEntity.itemListElement.map((item) => item.name)).toEqual(await cards.allTextContents());
  expect(await jsonLdOfType(page, "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${site.url}/` },
      { position: 2, name: "Hoodies" },
    ],
  });

  await page.goto("/products/kids-twiga-hoodie");
  expect(await jsonLdOfType(page, "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { name: "Home", item: `${site.url}/` },
      { name: "Hoodies", item: `${site.url}/categories/hoodies` },
      { name: "Kids Twiga Hoodie" },
    ],
  });
  expect((await jsonLdOfType(page, "Product")).audience).toEqual({
    "@type": "PeopleAudience",
    suggestedGender: "unisex",
    suggestedAge: { "@type": "QuantitativeValue", minValue: 4, maxValue: 12, unitCode: "ANN" },
  });
  await page.goto("/products/glow-in-the-dark-hoodie");
  expect((await jsonLdOfType(page, "Product")).audience).toBeUndefined();
});
