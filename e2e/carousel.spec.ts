import { expect, test, type Page } from "@playwright/test";

// Swiper keeps its instance on its element: the tests read its settings from there.
type SwiperElement = HTMLElement & {
  swiper: { realIndex: number; params: Record<string, unknown> & { autoplay?: { enabled?: boolean } } };
};

test.use({ viewport: { width: 1280, height: 800 } });

const carousel = (page: Page) => page.getByRole("region", { name: "Featured clothing" });
const dots = (page: Page) => carousel(page).getByRole("button", { name: /^Show slide \d of 4$/ });

async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.locator(".promo-carousel.swiper-initialized")).toBeVisible();
}

function realIndex(page: Page) {
  return page.locator(".promo-carousel").evaluate((element) => (element as SwiperElement).swiper.realIndex);
}

function activeSlideLabel(page: Page) {
  return carousel(page).locator(".swiper-slide-active");
}

test("four slides, one shown at a time, with a dot per slide and no arrows", async ({ page }) => {
  await openHome(page);
  await expect(carousel(page).getByRole("group")).toHaveCount(4);
  await expect(dots(page)).toHaveCount(4);
  for (const dot of await dots(page).all()) await expect(dot).toBeVisible();
  await expect(carousel(page).locator(".swiper-button-next, .swiper-button-prev")).toHaveCount(0);
  await expect(carousel(page).getByRole("button")).toHaveCount(4);
  await expect(carousel(page).getByRole("img")).toHaveCount(4);
  await expect(carousel(page).getByRole("img").and(page.locator(":visible"))).toHaveCount(4);
});

test("Swiper runs with the specified settings", async ({ page }) => {
  await openHome(page);
  const params = await page.locator(".promo-carousel").evaluate((element) => {
    const { speed, slidesPerView, slidesPerGroup, loop, autoplay, navigation } = (element as SwiperElement).swiper.params;
    return {
      speed,
      slidesPerView,
      slidesPerGroup,
      loop,
      autoplay: Boolean((autoplay as { enabled?: boolean } | undefined)?.enabled),
      navigation: Boolean((navigation as { enabled?: boolean } | undefined)?.enabled),
    };
  });
  expect(params).toEqual({ speed: 500, slidesPerView: 1, slidesPerGroup: 1, loop: true, autoplay: false, navigation: false });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("each dot is a 24 px touch target, though it shows a 12 px dot", async ({ page }) => {
    await openHome(page);
    for (const dot of await dots(page).all()) {
      expect(await dot.boundingBox()).toMatchObject({ width: 24, height: 24 });
      expect(await dot.evaluate((element) => getComputedStyle(element).backgroundClip)).toBe("content-box");
    }
  });
});

test("clicking a dot shows its slide", async ({ page }) => {
  await openHome(page);
  await dots(page).nth(2).click();
  await expect.poll(() => realIndex(page)).toBe(2);
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "3 of 4");
  await expect(dots(page).nth(2)).toHaveClass(/swiper-pagination-bullet-active/);
  await dots(page).nth(0).press("Enter");
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "1 of 4");
});

test("only the slide in view is in the tab order; a dot brings another one into it", async ({ page }) => {
  await openHome(page);
  await activeSlideLabel(page).getByRole("link").focus();
  await page.keyboard.press("Tab");
  await expect(dots(page).first()).toBeFocused(); // Not a link of a slide out of view.

  await dots(page).nth(2).click();
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "3 of 4");
  await page.keyboard.press("Shift+Tab"); // From the dot just pressed, back past the first two dots.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("group", { name: "3 of 4" }).getByRole("link")).toBeFocused();
});

test("it loops: past the last slide comes the first, and before the first the last", async ({ page }) => {
  await openHome(page);
  await dots(page).nth(3).click();
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "4 of 4");
  await swipe(page, "left");
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "1 of 4");
  await swipe(page, "right");
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "4 of 4");
});

test("it does not autoplay: the first slide stays put as time passes", async ({ page }) => {
  // A fake clock runs far past any autoplay delay without the test waiting for it.
  await page.clock.install();
  await openHome(page);
  await page.clock.runFor(30_000);
  expect(await realIndex(page)).toBe(0);
  await expect(activeSlideLabel(page)).toHaveAttribute("aria-label", "1 of 4");
});

test("the first image loads eagerly with high priority and a reserved size; the others lazily", async ({ page }) => {
  await openHome(page);
  const images = carousel(page).locator("img");
  const first = page.getByRole("group", { name: "1 of 4" }).locator("img");
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("width", "600");
  await expect(first).toHaveAttribute("height", "400");
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute("width", "600");
    await expect(image).toHaveAttribute("height", "400");
    await expect(image).toHaveAttribute("alt", /^[A-Z][\w ,-]{20,}$/);
  }
  await expect(page.getByRole("group", { name: "2 of 4" }).locator("img")).toHaveAttribute("loading", "lazy");
});

test("the server renders the first slide in place, so Swiper's start moves nothing", async ({ page, browser }) => {
  const withoutScript = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  await withoutScript.goto("/");
  const serverBox = await withoutScript.getByRole("group", { name: "1 of 4" }).locator("img").boundingBox();
  const secondBox = await withoutScript.getByRole("group", { name: "2 of 4" }).boundingBox();
  const carouselBox = await carousel(withoutScript).boundingBox();
  await withoutScript.close();
  // Before Swiper: the first image fills the carousel and the second waits outside it.
  expect(serverBox).toEqual({ ...carouselBox! });
  expect(secondBox!.x).toBeGreaterThanOrEqual(carouselBox!.x + carouselBox!.width);

  await openHome(page);
  expect(await page.getByRole("group", { name: "1 of 4" }).locator("img").boundingBox()).toEqual(serverBox);
});

async function swipe(page: Page, direction: "left" | "right") {
  const box = (await carousel(page).boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] = direction === "left" ? [0.8, 0.2] : [0.2, 0.8];
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, y, { steps: 10 });
  await page.mouse.up();
}
