import { expect, type Page } from "@playwright/test";

/** The phone width the shop must fit without sideways scrolling. */
export const phoneViewport = { width: 360, height: 740 };

/**
 * The page never scrolls sideways: nothing is wider than the viewport.
 * Compared with the narrower of window.innerWidth and the root's clientWidth, which leaves out a classic
 * (space-taking) vertical scrollbar, so content hidden under that scrollbar fails too, not only wider content.
 */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page width on ${page.url()}`).toBeLessThanOrEqual(Math.min(clientWidth, innerWidth));
}
