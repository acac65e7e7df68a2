import { type APIResponse, expect, test } from "@playwright/test";
import { catalogCacheControl } from "../lib/http/cache-control";
import { fixtureProducts } from "../e2e/fixtures/products";
import { newShopper, sessionCookie, signUp } from "../e2e/support/auth";
import { addFromProductPage, expectCartCount } from "../e2e/support/cart";

// nginx's page cache (scripts/instances/nginx.ts), through which every page here is loaded: the
// catalog's pages are shared by every visitor without a session or a cart, for a few seconds.
const product = fixtureProducts.member;
const cachedPages = [
  "/",
  "/products",
  `/categories/${product.category}`,
  `/products/${product.slug}`,
  "/search?q=tee",
  "/sitemap.xml",
  "/feeds/google.xml",
  "/feeds/meta.csv",
];

test("a signed-in shopper's visits leave no trace in the catalog pages nginx shares with the next visitor", async ({
  page,
  browser,
}) => {
  // A first name nobody else has, shown in the shopper's header once signed in.
  const firstname = `Zuri${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
  const shopper = await signUp(page, { ...newShopper("page-cache"), firstname });
  await addFromProductPage(page, product.slug);
  const token = (await sessionCookie(page))!.value;
  for (const path of cachedPages) {
    // With the shopper's cookies: neither served from the cache nor kept in it.
    const own = await page.request.get(path);
    expect(own.headers()["x-cache-status"], path).toBe("BYPASS");
  }
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole("banner")).toContainText(firstname);
  await expectCartCount(page, 1);

  const other = await browser.newContext({ baseURL: process.env.CLUSTER_URL });
  const visitor = await other.newPage();
  const traces = [shopper.email, firstname, token, encodeURIComponent(token)];
  for (const path of cachedPages) {
    // The cache's copy: the first visit may fill it, or get the shop's stale copy after a change, which is not kept.
    let shared: APIResponse | undefined;
    await expect
      .poll(async () => (shared = await other.request.get(path)).headers()["x-cache-status"], { message: path })
      .toBe("HIT");
    expect(shared!.headers()["set-cookie"], path).toBeUndefined();
    const body = await shared!.text();
    for (const trace of traces) expect(body, `${path} holds ${trace}`).not.toContain(trace);
  }
  await visitor.goto(`/products/${product.slug}`);
  await expect(visitor.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();
  await expectCartCount(visitor, 0);
  await expect(visitor.getByRole("banner")).not.toContainText(firstname);
  expect(await other.cookies()).toEqual([]);
  await other.close();
});

test("a catalog page tells any shared cache to keep it a few seconds; a personal page, to keep it nowhere", async ({
  request,
}) => {
  for (const path of cachedPages) {
    const cacheControl = (await request.get(path)).headers()["cache-control"];
    expect(cacheControl, path).toBe(catalogCacheControl);
  }
  for (const path of ["/cart", "/checkout", "/account", "/api/viewer"]) {
    expect((await request.get(path, { maxRedirects: 0 })).headers()["cache-control"], path).toMatch(/private|no-store/);
  }
});

test("the cookie banner's answer and the tags' own cookies get the same cached page as everyone", async ({
  browser,
  request,
}) => {
  const consenting = await browser.newContext({ baseURL: process.env.CLUSTER_URL });
  const { hostname } = new URL(process.env.CLUSTER_URL!);
  await consenting.addCookies(
    [
      { name: "kt_consent", value: "a.0b6f8f4e-3c1a-4b7e-9a51-2f0c3d4e5f60" },
      { name: "_ga", value: "GA1.1.123456789.1700000000" },
      { name: "_fbp", value: "fb.1.1700000000000.123456789" },
    ].map((cookie) => ({ ...cookie, domain: hostname, path: "/" })),
  );
  const path = `/products/${product.slug}`;
  // Within one cache entry's life (a few seconds), both are served the same copy from it.
  await expect(async () => {
    const anonymous = await request.get(path);
    const withConsent = await consenting.request.get(path);
    expect([anonymous.headers()["x-cache-status"], withConsent.headers()["x-cache-status"]]).toEqual(["HIT", "HIT"]);
    expect(await withConsent.text()).toBe(await anonymous.text());
  }).toPass();
  await consenting.close();
});
