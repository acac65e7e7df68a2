import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import type { StaffRole } from "../lib/auth/roles";
import { formatKsh } from "../lib/catalog/price";
import { campaignNameRule } from "../lib/marketing/campaign-rules";
import { site } from "../lib/site";
import { fixtureProducts } from "./fixtures/products";
import { signUp } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { addFromProductPage } from "./support/cart";
import { deliveryDetails, fillDelivery, placeOrder } from "./support/checkout";
import { staffState } from "./support/staff";

const product = fixtureProducts.backOffice;
const marketingSections = [
  backOfficeSections.campaigns.path,
  backOfficeSections.promotions.path,
  backOfficeSections.discounts.path,
];

async function asRole(browser: Browser, role: StaffRole): Promise<Page> {
  const context = await browser.newContext({ storageState: staffState(role) });
  return context.newPage();
}

test.describe("campaign links", () => {
  test("a visit through a campaign link, then a guest's order, show in the campaign table", async ({ browser, baseURL }) => {
    const marketing = await asRole(browser, "marketing");
    await marketing.goto(backOfficeSections.campaigns.path);
    await expectNoSeriousAxeViolations(marketing);
    const name = `e2e-${Date.now().toString(36)}`;
    const form = marketing.getByRole("region", { name: "New campaign link" });
    await form.getByLabel("Campaign name").fill("Not A Name");
    await form.getByLabel("Shared on").selectOption({ label: "WhatsApp" });
    await form.getByLabel("Leads to").selectOption({ label: "A product" });
    await form.getByLabel("Product").selectOption({ label: product.name });
    // The form's rules stop a bad name in the browser, with the server's words, before it is sent.
    await form.getByRole("button", { name: "Create link" }).click();
    await expect(form.getByText(campaignNameRule.message)).toBeVisible();
    await expect(form.getByRole("status")).toHaveCount(0);
    await form.getByLabel("Campaign name").fill(name);
    await form.getByRole("button", { name: "Create link" }).click();
    await expect(form.getByRole("status")).toContainText("Link created: /go/");

    const row = marketing.getByTestId(`campaign-${name}`);
    const link = await row.getByRole("textbox", { name: `Short link of ${name}` }).inputValue();
    expect(link).toMatch(new RegExp(`^${site.url}/go/[2-9a-zA-Z]{8}$`));
    const path = new URL(link).pathname;

    // A link-preview bot is sent on but not counted, and gets no cookie.
    const preview = await marketing.request.get(path, { headers: { "user-agent": "WhatsApp/2.23.20.0 A" }, maxRedirects: 0 });
    expect(preview.status()).toBe(303);
    expect(preview.headers()["set-cookie"]).toBeUndefined();
    const shopperContext = await browser.newContext();
    const shopper = await shopperContext.newPage();
    await shopper.goto(path);
    await expect(shopper).toHaveURL(`/products/${product.slug}?utm_source=whatsapp&utm_medium=social&utm_campaign=${name}`);
    const cookie = (await shopperContext.cookies()).find((candidate) => candidate.name === "kt_campaign");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    // The shopper's next click, with the cookie, is the same visitor that day.
    await shopper.goto(path);
    // A second shopper behind the same address (every visitor here is 127.0.0.1), new to the shop too, counts as well.
    // Its visit counts when the page the link leads to asks for /api/viewer with the link's cookie.
    const neighbourContext = await browser.newContext();
    const neighbour = await neighbourContext.newPage();
    await Promise.all([neighbour.waitForResponse((response) => response.url().endsWith("/api/viewer")), neighbour.goto(path)]);
    await neighbourContext.close();
    // A script that drops cookies counts nothing, however often it follows the link to its page.
    for (let click = 0; click < 20; click++) {
      const scripted = await fetch(new URL(path, baseURL), { headers: { "user-agent": "Mozilla/5.0" } });
      expect(scripted.status).toBe(200);
    }

    await addFromProductPage(shopper, product.slug, { size: "S" });
    await shopper.goto("/checkout");
    await fillDelivery(shopper, deliveryDetails({ County: "Kisumu" }));
    await placeOrder(shopper);
    await shopperContext.close();

    await marketing.reload();
    await expect(row.getByRole("cell")).toContainText([
      "WhatsApp",
      `/products/${product.slug}`,
      "",
      "2",
      "1",
      // Paid on delivery: no revenue until the rider collects it (lib/orders/revenue.ts).
      formatKsh(0),
      "Disable",
    ]);

    // Disabled, the link is 'Not Found'.
    await row.getByRole("button", { name: `Disable ${name}` }).click();
    await expect(row.getByRole("button", { name: `Enable ${name}` })).toBeVisible();
    const disabled = await marketing.request.get(path, { maxRedirects: 0 });
    expect(disabled.status()).toBe(404);
    expect(await disabled.text()).toBe("Not Found");
    await marketing.context().close();
  });

  test("unknown codes are 'Not Found'", async ({ request }) => {
    for (const path of ["/go/abcdefgh", "/go/x"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
    // A NUL byte never reaches the route: proxy.ts answers 400.
    expect((await request.get("/go/%00", { maxRedirects: 0 })).status()).toBe(400);
  });
});

test.describe("access to marketing's sections", () => {
  test("marketing and admin open them; staff get 403 and shoppers 'Not Found'", async ({ browser, page }) => {
    for (const [role, status] of [
      ["marketing", 200],
      ["admin", 200],
      ["staff", 403],
    ] as const) {
      const staffPage = await asRole(browser, role);
      for (const path of marketingSections) {
        const response = await staffPage.goto(path);
        expect(response?.status(), `${role} on ${path}`).toBe(status);
      }
      await staffPage.context().close();
    }
    await signUp(page);
    for (const path of [...marketingSections, "/admin/promotions/preview"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });
});

test.describe("share links", () => {
  const productPath = `/products/${product.slug}`;
  const canonical = `${site.url}${productPath}`;

  test("without JavaScript, the share menu still offers plain links to the canonical URL", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${productPath}?utm_source=x&utm_campaign=private`);
    const share = page.getByTestId("share");
    await share.getByText("Share", { exact: true }).click();
    const links = share.getByRole("link");
    await expect(links).toHaveText(["WhatsApp", "X", "Facebook"]);
    for (const link of await links.all()) {
      const href = decodeURIComponent((await link.getAttribute("href"))!);
      expect(href).toContain(canonical);
      expect(href).not.toMatch(/utm_|private/);
    }
    await expect(share.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    await context.close();
  });

  test("on a phone, 'Share' opens the system share sheet with the canonical URL", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void shared.push(data) });
    });
    await page.goto(`/categories/hoodies?utm_source=sms`);
    const share = page.getByTestId("share");
    await expect(share.getByRole("button", { name: "Copy link", includeHidden: true })).toHaveCount(1);
    await share.getByText("Share", { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
      { title: "Hoodies", url: `${site.url}/categories/hoodies` },
    ]);
    await expect(share.getByRole("link", { name: "WhatsApp" })).toBeHidden();
    await context.close();
  });

  test("on a desktop, the menu offers WhatsApp, X, Facebook and 'Copy link'", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(productPath);
    const share = page.getByTestId("share");
    await share.getByText("Share", { exact: true }).click();
    await expect(share.getByRole("link")).toHaveText(["WhatsApp", "X", "Facebook"]);
    await share.getByRole("button", { name: "Copy link" }).click();
    await expect(share.getByRole("button", { name: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    await expectNoSeriousAxeViolations(page);
  });

  test("a product's preview names it, its price and an image that changes with each edit", async ({ page }) => {
    await page.goto(productPath);
    const meta = (selector: string) => page.locator(selector).first();
    await expect(meta('meta[property="og:title"]')).toHaveAttribute("content", `${product.name} | ${site.name}`);
    await expect(meta('meta[property="og:description"]')).toHaveAttribute("content", new RegExp(`^${formatKsh(1000)}`));
    await expect(meta('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(meta('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${productPath}/opengraph-image\\?v=\\d+$`),
    );
    await expect(meta('meta[name="twitter:image"]')).toHaveAttribute("content", /opengraph-image\?v=\d+$/);
    const { pathname, search } = new URL((await meta('meta[property="og:image"]').getAttribute("content"))!);
    const image = await page.request.get(`${pathname}${search}`);
    expect(image.headers()["content-type"]).toBe("image/png");
  });
});
