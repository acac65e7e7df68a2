import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, phoneViewport } from "./support/layout";
import { storefrontPages, unknownPath } from "./support/pages";

test.use({ viewport: phoneViewport });

for (const path of [...storefrontPages.map((page) => page.path), "a page that does not exist"]) {
  test(`on a 360 px phone ${path} never scrolls sideways and the header fits`, async ({ page }) => {
    await page.goto(path.startsWith("/") ? path : unknownPath());
    await expectNoHorizontalScroll(page);

    const header = page.getByRole("banner");
    const logo = (await header.getByRole("link", { name: "Kijani Threads home" }).boundingBox())!;
    const search = (await header.getByRole("search").boundingBox())!;
    // The search form wraps to its own row below the logo and the icons.
    expect(search.y).toBeGreaterThanOrEqual(logo.y + logo.height);
    for (const name of ["Cart", "Account"]) {
      const icon = (await header.getByRole("link", { name }).boundingBox())!;
      expect(icon.x + icon.width).toBeLessThanOrEqual(phoneViewport.width);
      expect(icon.y).toBeLessThan(search.y);
    }
    for (const control of [
      header.getByRole("searchbox", { name: "Search products" }),
      header.getByRole("combobox", { name: "Category" }),
      header.getByRole("button", { name: "Search", exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(phoneViewport.width);
    }
  });
}
