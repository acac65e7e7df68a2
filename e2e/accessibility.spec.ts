import { test } from "@playwright/test";
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
