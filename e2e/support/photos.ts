import { expect, type Page } from "@playwright/test";

/** Uploads a photo with its alt text through a back-office product page's form. */
export async function uploadPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, alt: string) {
  await page.getByLabel(/^Photo \(JPEG, PNG or WebP/).setInputFiles(file);
  await page.getByLabel(/^Alt text \(what the photo shows/).fill(alt);
  await page.getByRole("button", { name: "Upload photo" }).click();
}

/** The photos listed on a back-office product page, in their order. */
export const photoList = (page: Page) => page.locator("#photos ol > li");

/** Removes every photo of the back-office product page at `productPath`, one at a time. */
export async function removeAllPhotos(page: Page, productPath: string) {
  await page.goto(productPath);
  while ((await photoList(page).count()) > 0) {
    const count = await photoList(page).count();
    await page.getByRole("button", { name: "Remove photo 1" }).click();
    await expect(photoList(page)).toHaveCount(count - 1);
  }
}
