import { expect, type Page, test } from "@playwright/test";
import { serverMessages } from "../lib/auth/account-rules";
import { catalogFreshSeconds } from "../lib/http/cache-control";
import { fixtureProducts } from "../e2e/fixtures/products";
import { signUp } from "../e2e/support/auth";
import { cartLine, purchaseStatus } from "../e2e/support/cart";
import { checkoutForm, deliveryDetails } from "../e2e/support/checkout";

// Started by `npm run test:cluster`: nginx (the tests' baseURL) in front of two instances of one
// build on one PostgreSQL database. Cookies belong to the host (127.0.0.1), not the port, so one
// browser visits each instance directly and through nginx with the same cookies.
const instances = process.env.CLUSTER_INSTANCES!.split(",");
const [first, second] = instances;
const proxy = process.env.CLUSTER_URL!;

test("nginx hands the requests to both instances in turn", async ({ request }) => {
  const answered = new Set<string>();
  for (let call = 0; call < 4; call++) answered.add((await request.get("/api/health")).headers()["x-upstream"]);
  expect([...answered].sort()).toEqual(instances.map((url) => new URL(url).host).sort());
});

test("signed in on one instance: the same session and cart on the other, and through nginx", async ({ page }) => {
  const shopper = await signUp(page);
  await addToCartAt(page, first, fixtureProducts.guest.slug);
  for (const origin of [first, second, proxy, proxy]) {
    await page.goto(`${origin}/cart`);
    await expect(cartLine(page, fixtureProducts.guest.name)).toBeVisible();
    await page.goto(`${origin}/account`);
    await expect(page.getByTestId("account-email")).toHaveText(shopper.email);
  }
});

test("an order through one instance shows the new stock on every instance within a second, through nginx once its copy expires, and then on every visit", async ({
  page,
  request,
}) => {
  const product = fixtureProducts.hostile;
  const stockOn = async (origin: string) =>
    (await (await request.get(`${origin}/products/${product.slug}`)).text()).match(/Only \d+ left|Sold out/)?.[0];
  // The second instance and nginx have the page cached before the order.
  expect(await stockOn(second)).toBe("Only 5 left");
  expect(await stockOn(proxy)).toBe("Only 5 left");

  await addToCartAt(page, first, product.slug);
  await page.goto(`${first}/checkout`);
  // No M-Pesa here: paying on delivery is the only way, with no choice to make.
  for (const [label, value] of Object.entries(deliveryDetails())) {
    const field = checkoutForm(page).getByLabel(label, { exact: true });
    if (label === "County") await field.selectOption(value);
    else await field.fill(value);
  }
  await checkoutForm(page).getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/KT-[A-Z0-9]{7}$/);
  // A catalog page may be one visit late after an order, while its fresh render runs (issue 28);
  // through nginx, its page cache may keep the old page as long as the shop's Cache-Control says.
  for (const origin of [second, first]) {
    await expect.poll(() => stockOn(origin), { timeout: 1000, intervals: [50] }).toBe("Only 4 left");
  }
  const cached = (catalogFreshSeconds + 2) * 1000;
  await expect.poll(() => stockOn(proxy), { timeout: cached, intervals: [50] }).toBe("Only 4 left");
  for (const origin of [proxy, proxy, first, second]) expect(await stockOn(origin)).toBe("Only 4 left");
});

test("failed sign-ins are counted across both instances", async ({ page }) => {
  const shopper = await signUp(page);
  await page.context().clearCookies();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signInAt(page, instances[attempt % 2], shopper.email, `Wrong#pass${attempt}`);
    await expect(page.locator("main form").getByRole("alert")).toHaveText(serverMessages.invalidCredentials);
  }
  for (const origin of instances) {
    await signInAt(page, origin, shopper.email, shopper.password);
    await expect(page.locator("main form").getByRole("alert")).toHaveText("Too many attempts. Try again in 15 minutes.");
  }
});

test("a server action rendered by one instance is posted to the other", async ({ page }) => {
  const product = fixtureProducts.member;
  await page.goto(`${first}/products/${product.slug}`);
  const posted: string[] = [];
  await page.route(`${first}/**`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const { host: _host, "content-length": _length, ...headers } = await route.request().allHeaders();
    posted.push(headers["next-action"]);
    const url = route.request().url().replace(first, second);
    await route.fulfill({ response: await route.fetch({ url, headers: { ...headers, origin: second } }) });
  });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(purchaseStatus(page)).toHaveText("Added to cart.");
  expect(posted).toEqual([expect.stringMatching(/^[0-9a-f]{40,}$/)]);

  await page.unrouteAll();
  await page.goto(`${second}/cart`);
  await expect(cartLine(page, product.name)).toBeVisible();
});

test("the cron routes refuse a request without the secret and run one pass with it", async ({ request }) => {
  for (const job of ["outbox", "mpesa-reconciler", "expire-unpaid-orders", "expire-unconfirmed-orders"]) {
    expect((await request.get(`/api/cron/${job}`)).status()).toBe(401);
    expect((await request.get(`/api/cron/${job}`, { headers: { authorization: "Bearer wrong" } })).status()).toBe(401);
  }
  const pass = await request.get("/api/cron/outbox", { headers: { authorization: `Bearer ${process.env.CRON_SECRET}` } });
  expect(pass.status()).toBe(200);
  expect(await pass.json()).toMatchObject({ job: "outbox", report: { failed: 0 } });
});

async function addToCartAt(page: Page, origin: string, slug: string) {
  await page.goto(`${origin}/products/${slug}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(purchaseStatus(page)).toHaveText("Added to cart.");
}

async function signInAt(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
}
