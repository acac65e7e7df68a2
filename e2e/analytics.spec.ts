import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { consentCookieName, consentPath, consentWording } from "../lib/analytics/consent-rules";
import { fixtureProducts } from "./fixtures/products";
import { addFromProductPage, chooseOptions, purchaseStatus } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { staffState } from "./support/staff";

// GA4 and the Meta Pixel (issue 59). The tests' shop sets both up (scripts/e2e-server.mjs), with a
// stand-in of their server APIs on PORT + 6000; the browser's requests to Google and Meta are
// intercepted here and answered with empty scripts.
const standIn = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 6000}`;
const tagHosts = /googletagmanager\.com|google-analytics\.com|facebook\.(net|com)/;
const product = fixtureProducts.backOffice;

/** Every request the context makes to Google or Meta, answered with an empty script. */
async function interceptTags(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(tagHosts, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  return requested;
}

const banner = (page: Page) => page.getByRole("region", { name: consentWording.reopen });

/** Answers the banner, and waits for the answer's record (its id goes into the cookie). */
async function answer(page: Page, choice: "Accept" | "Reject") {
  const recorded = page.waitForResponse((response) => response.url().endsWith(consentPath) && response.ok());
  await banner(page).getByRole("button", { name: choice }).click();
  await expect(banner(page)).toBeHidden();
  await recorded;
  // The page keeps the record's id in the cookie just after the answer arrives: wait for it too.
  const stored = async () => (await page.context().cookies()).find((cookie) => cookie.name === consentCookieName)?.value;
  await expect.poll(stored).toMatch(/^[ar]\.[0-9a-f-]{36}$/);
}

/** What the page handed to gtag and the Pixel (their queues: the intercepted scripts run nothing). */
const tagCalls = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { dataLayer?: ArrayLike<unknown>[]; fbq?: { queue: unknown[][] } };
    return { gtag: (w.dataLayer ?? []).map((call) => Array.from(call)), fbq: w.fbq?.queue ?? [] };
  });

test("nothing goes to Google or Meta before an answer or after 'Reject', and the choice is remembered", async ({
  page,
  context,
}) => {
  const requested = await interceptTags(context);
  await page.goto(`/products/${product.slug}`);
  await expect(banner(page)).toContainText(consentWording.text);
  await expect(banner(page).getByRole("button", { name: "Accept" })).toBeVisible();
  await answer(page, "Reject");
  await page.reload();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("add-to-cart-status")).toHaveText("Added to cart.");
  await expect(banner(page)).toBeHidden();
  expect(requested).toEqual([]);
  expect(await tagCalls(page)).toEqual({ gtag: [], fbq: [] });
  // Only the shop's own cookies: the answer among them, rejected with its record's id.
  const cookies = await context.cookies();
  expect(cookies.every((cookie) => cookie.domain === "localhost" || cookie.domain === "127.0.0.1")).toBe(true);
  expect(cookies.find((cookie) => cookie.name === "kt_consent")?.value).toMatch(/^r\.[0-9a-f-]{36}$/);
  // The footer's 'Cookie choices' asks again.
  await page.getByRole("contentinfo").getByRole("link", { name: consentWording.reopen }).click();
  await expect(banner(page)).toBeFocused();
});

test("after 'Accept' gtag.js and the Pixel load, with page views and the commerce events", async ({ page, context }) => {
  const requested = await interceptTags(context);
  await page.goto("/");
  await answer(page, "Accept");
  await expect
    .poll(() => requested)
    .toEqual(
      expect.arrayContaining([
        "https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1",
        "https://connect.facebook.net/en_US/fbevents.js",
      ]),
    );
  await page.goto(`/products/${product.slug}`);
  // The tags' code downloads after the page; its first event (the product's view) says it is listening.
  await expect.poll(async () => (await tagCalls(page)).gtag.some((call) => call[1] === "view_item")).toBe(true);
  await chooseOptions(page, { size: "S" });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(purchaseStatus(page)).toHaveText("Added to cart.");
  const calls = await tagCalls(page);
  expect(calls.gtag).toEqual(
    expect.arrayContaining([
      ["config", "G-E2ETEST1"],
      [
        "event",
        "view_item",
        expect.objectContaining({ currency: "KES", items: [expect.objectContaining({ item_id: product.slug })] }),
      ],
      ["event", "add_to_cart", expect.objectContaining({ value: 2400 })],
    ]),
  );
  expect(calls.fbq).toEqual(
    expect.arrayContaining([["init", "1234567890"], ["track", "PageView"], expect.arrayContaining(["track", "AddToCart"])]),
  );
});

test("a purchase reaches GA4's and Meta's server APIs after 'Accept', with the browser's event id; none after 'Reject'", async ({
  browser,
  request,
}) => {
  test.slow();
  const numbers: Record<string, string> = {};
  for (const choice of ["Reject", "Accept"] as const) {
    const context = await browser.newContext();
    await interceptTags(context);
    const page = await context.newPage();
    await page.goto("/");
    await answer(page, choice);
    await addFromProductPage(page, product.slug, { size: "S" });
    await page.goto("/checkout");
    // The tags' code downloads after the page: the checkout's event is sent once it arrives, before the order.
    if (choice === "Accept")
      await expect.poll(async () => (await tagCalls(page)).gtag.some((call) => call[1] === "begin_checkout")).toBe(true);
    await fillDelivery(page, deliveryDetails({ Email: `Analytics.${choice}@Example.com`, County: "Nairobi City" }));
    numbers[choice] = await placeOrder(page);
    if (choice === "Accept") {
      const { gtag, fbq } = await tagCalls(page);
      expect(gtag).toContainEqual(["event", "begin_checkout", expect.objectContaining({ currency: "KES" })]);
      expect(gtag).toContainEqual(["event", "purchase", expect.objectContaining({ transaction_id: numbers.Accept })]);
      expect(fbq).toContainEqual(["track", "Purchase", expect.anything(), { eventID: `purchase-${numbers.Accept}` }]);
    }
    await context.close();
  }
  // The outbox sends in order: once the accepted order's reports arrived, the rejected one's would have.
  const reports = async () => (await (await request.get(`${standIn}/requests`)).json()) as { url: string; body: unknown }[];
  await expect
    .poll(async () => (await reports()).filter((report) => JSON.stringify(report).includes(numbers.Accept)).length)
    .toBe(2);
  const all = await reports();
  expect(JSON.stringify(all)).not.toContain(numbers.Reject);
  const sent = all.filter((report) => JSON.stringify(report).includes(numbers.Accept));
  const ga = sent.find((report) => report.url.startsWith("/mp/collect"))!;
  expect(ga.url).toBe("/mp/collect?measurement_id=G-E2ETEST1&api_secret=e2e-ga-secret");
  expect(ga.body).toMatchObject({
    events: [
      { name: "purchase", params: { transaction_id: numbers.Accept, currency: "KES", event_id: `purchase-${numbers.Accept}` } },
    ],
  });
  const meta = sent.find((report) => report.url.startsWith("/v23.0/1234567890/events"))!;
  expect(meta.body).toMatchObject({
    data: [
      {
        event_name: "Purchase",
        event_id: `purchase-${numbers.Accept}`,
        custom_data: { order_id: numbers.Accept, currency: "KES" },
      },
    ],
  });
  expect(JSON.stringify(meta.body)).not.toMatch(/analytics\.accept@example\.com/i);
});

test("the banner shows, and takes its answer, before the page's code arrives", async ({ page, context }) => {
  const requested = await interceptTags(context);
  const chunks = "**/_next/static/chunks/**";
  await page.route(chunks, (route) => route.abort());
  await page.goto(`/products/${product.slug}`);
  await answer(page, "Accept");
  expect(requested).toEqual([]);
  // With the page's code, the next page loads the tags.
  await page.unroute(chunks);
  await page.reload();
  await expect.poll(() => requested).toContain("https://connect.facebook.net/en_US/fbevents.js");
});

test("a form sent before the tags' code arrived is reported once it arrives", async ({ page, context, baseURL }) => {
  await interceptTags(context);
  // Accepted earlier (no record id: the page treats it alike).
  await context.addCookies([{ name: consentCookieName, value: "a", url: baseURL! }]);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("fbevents.js")) await released;
    await route.fulfill({ response, body });
  });
  await page.goto(`/products/${product.slug}`);
  await chooseOptions(page, { size: "S" });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(purchaseStatus(page)).toHaveText("Added to cart.");
  expect((await tagCalls(page)).gtag).toEqual([]);
  release();
  await expect
    .poll(async () => (await tagCalls(page)).gtag)
    .toContainEqual(["event", "add_to_cart", expect.objectContaining({ value: 2400 })]);
});

test("a shop page reached from the back office without a reload still asks, and takes the answer", async ({ browser }) => {
  const context = await browser.newContext({ storageState: staffState("staff") });
  const requested = await interceptTags(context);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("link", { name: "View the shop" }).click();
  await expect(page).toHaveURL(/\/$/);
  await answer(page, "Accept");
  await expect.poll(() => requested).toContain("https://connect.facebook.net/en_US/fbevents.js");
  await context.close();
});
