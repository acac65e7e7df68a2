import { expect, test, type Browser, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { moderationMessages, reviewMessages, reviewStatusLabels, starsLabel } from "../lib/reviews/labels";
import { reviewAskText } from "../lib/reviews/ask";
import { fixtureProducts } from "./fixtures/products";
import { reviewOrder } from "./fixtures/review-order";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/console";
import { mailsTo, orderLinkIn } from "./support/mail";
import { staffState } from "./support/staff";
import { jsonLdOfType, structuredDataErrors } from "./support/structured-data";

// Listing cards show the review's stars, so this spec changes what every shopper sees: it runs with
// the shared-content specs, and hides the review again at its end.
test.use({ storageState: staffState("staff") });
test.slow();

const product = fixtureProducts.backOffice;
const productPath = `/products/${product.slug}`;
// Its card in a listing: search results, whose first page surely holds it.
const searchPath = `/search?q=${encodeURIComponent(product.name)}`;
const smsSimulator = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 4000}`;

test("a buyer asked by e-mail and text reviews through the link; staff publish, reply and hide it everywhere", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Asked once the shop started (the order was delivered 6 days before), by e-mail and by text.
  const [ask] = await mailsTo(reviewOrder.email, 1, `How do you like your order ${reviewOrder.number}?`);
  await expect
    .poll(async () => {
      const texts = (await (await request.get(`${smsSimulator}/__simulator/messages`)).json()) as {
        to: string;
        message: string;
      }[];
      return texts.filter((text) => text.to === reviewOrder.phone.stored && text.message.includes(reviewAskText)).length;
    })
    .toBe(1);

  // A fresh browser, through the e-mail's signed link: a forged line is refused, then the review is sent.
  const buyer = await freshPage(browser, baseURL!);
  await buyer.goto(orderLinkIn(ask, reviewOrder.number));
  await waitForHydration(buyer);
  await buyer.getByText(`Review ${product.name}`).click();
  const form = buyer.getByRole("form", { name: `Review ${product.name} (S · White)` });
  await form.getByLabel(starsLabel(4)).check();
  await form.getByLabel("Title (optional)").fill("Soft <b>and</b> warm");
  await form.getByLabel("Your review (optional)").fill("Fits as the size guide says.");
  await expectNoSeriousAxeViolations(buyer);
  // Forged as a script would: another line's id, and that line's field names.
  await form.evaluate((element: HTMLFormElement) => {
    const line = element.querySelector<HTMLInputElement>('input[name="line"]')!;
    for (const field of element.querySelectorAll<HTMLInputElement>(`[name$="-${line.value}"]`))
      field.name = field.name.replace(/-\d+$/, "-2000000000");
    line.value = "2000000000";
  });
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(buyer.getByRole("alert").filter({ hasText: reviewMessages.cannot })).toBeVisible();
  await buyer.reload();
  await buyer.getByText(`Review ${product.name}`).click();
  await form.getByLabel(starsLabel(4)).check();
  await form.getByLabel("Title (optional)").fill("Soft <b>and</b> warm");
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(buyer.getByRole("status").filter({ hasText: reviewMessages.pending })).toBeVisible();

  // Nothing shows before staff publish it.
  await buyer.goto(productPath);
  await expect(buyer.getByTestId("rating-summary")).toHaveCount(0);

  // Staff publish it and reply.
  // Filtered by its stars: a filter by status would drop it from the list once published.
  await page.goto(`${backOfficeSections.reviews.path}?stars=4`);
  const row = page.getByTestId("review-row").filter({ hasText: reviewOrder.number });
  await expect(row.getByTestId("review-status")).toHaveText(reviewStatusLabels.pending);
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(row.getByRole("status").filter({ hasText: moderationMessages.published })).toBeVisible();
  await row.getByLabel(/^Public reply/).fill("Asante, Wanjiru!");
  await row.getByRole("button", { name: "Save reply" }).click();
  await expect(row.getByRole("status").filter({ hasText: moderationMessages.replied })).toBeVisible();

  // The page, the listing's card, the JSON-LD and the feed show it, escaped; the buyer's name shortened.
  await buyer.goto(productPath);
  await expect(buyer.getByTestId("rating-summary")).toHaveText(/4\.0\s*★.*\(1 review\)/);
  const review = buyer.getByTestId("review");
  await expect(review).toContainText("Soft <b>and</b> warm");
  await expect(review).toContainText("Wanjiru K. · verified buyer");
  await expect(review).toContainText("Bought: White / S");
  await expect(review.getByTestId("review-reply")).toContainText("Asante, Wanjiru!");
  await expect(review).not.toContainText("Kamau");
  const jsonLd = await productJsonLd(buyer);
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: "4.0", reviewCount: 1 });
  expect(await structuredDataErrors([jsonLd])).toEqual([]);
  await buyer.goto(searchPath);
  await expect(buyer.getByRole("link", { name: new RegExp(product.name) }).getByTestId("card-rating")).toContainText("4.0");
  expect(await (await request.get("/feeds/google-reviews.xml")).text()).toContain(
    "<title>Soft &lt;b&gt;and&lt;/b&gt; warm</title>",
  );

  // Hidden, it leaves every one of them.
  await row.getByRole("button", { name: "Hide" }).click();
  await expect(row.getByRole("status").filter({ hasText: moderationMessages.hidden })).toBeVisible();
  await buyer.goto(productPath);
  await expect(buyer.getByTestId("rating-summary")).toHaveCount(0);
  await expect(buyer.getByTestId("review")).toHaveCount(0);
  expect((await productJsonLd(buyer)).aggregateRating).toBeUndefined();
  await buyer.goto(searchPath);
  await expect(buyer.getByRole("link", { name: new RegExp(product.name) }).getByTestId("card-rating")).toHaveCount(0);
  expect(await (await request.get("/feeds/google-reviews.xml")).text()).not.toContain("Soft &lt;b&gt;");
});

/** A browser of its own, with no session or cart. */
async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

/** The page's Product structured data (the breadcrumbs have their own). */
const productJsonLd = (page: Page) => jsonLdOfType<{ aggregateRating?: unknown }>(page, "Product");
