import { expect, type Page } from "@playwright/test";

/** The phone width the shop must fit without sideways scrolling. */
export const phoneViewport = { width: 360, height: 740 };

/** The page never scrolls sideways: nothing is wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width on ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}
