import type { Page } from "@playwright/test";

/** Uploads a photo with its alt text through a back-office product page's form. */
export async function uploadPhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, alt: string) {
  await page.getByLabel(/^Photo \(JPEG, PNG or WebP/).setInputFiles(file);
  await page.getByLabel(/^Alt text \(what the photo shows/).fill(alt);
  await page.getByRole("button", { name: "Upload photo" }).click();
}
