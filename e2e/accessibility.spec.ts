import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { phoneViewport } from "./support/layout";
import { storefrontPages, unknownPath } from "./support/pages";

const pages = [...storefrontPages.map((page) => ({ name: page.path, path: page.path })), { name: "Not Found", path: "" }];

for (const viewport of [{ width: 1280, height: 800 }, phoneViewport]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, path } of pages) {
      test(`axe finds no serious or critical violations on ${name}`, async ({ page }) => {
        await page.goto(path || unknownPath());
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}

// axe rates a skipped heading level "moderate", below the helper's bar, yet Lighthouse's accessibility score counts it.
// Closed panels (the notification bell's) are not displayed, so neither tool reads them.
for (const path of ["/categories/hoodies", "/products", "/search?q=hoodie"]) {
  test(`headings on ${path} never skip a level`, async ({ page }) => {
    await page.goto(path);
    const levels = await page
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((headings) => headings.filter((h) => h.checkVisibility()).map((h) => Number(h.tagName[1])));
    expect(levels.length).toBeGreaterThan(1);
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
  });
}

// HTML_CodeSniffer reports an input without a type, and the page's h1 must open its outline (issue 55).
const formAndContentPages = [...storefrontPages.map((page) => page.path), "/register", "/orders/find", "/categories/hoodies"];

for (const path of formAndContentPages) {
  test(`${path}: every input says its type, and the h1 is the first heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("input")).not.toHaveCount(0);
    await expect(page.locator("input:not([type])")).toHaveCount(0);
    await expect(page.locator("h1, h2, h3, h4, h5, h6").first()).toHaveJSProperty("tagName", "H1");
  });
}
