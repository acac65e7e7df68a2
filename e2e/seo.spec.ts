import { expect, test } from "@playwright/test";
import { site } from "@/lib/site";
import { storefrontPages } from "./support/pages";

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

test("pages are sent with security headers and a CSP that allows no other origin", async ({ request }) => {
  for (const path of ["/", "/about", "/no-such-page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    const csp = headers["content-security-policy"]!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*/);
    expect(headers["x-powered-by"]).toBeUndefined();
  }
});
