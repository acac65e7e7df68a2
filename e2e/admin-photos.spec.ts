import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { MAX_PHOTO_BYTES, photoMessages } from "../lib/photos/rules";
import { makePhoto, makeTruncatedJpeg, svgAsPng, textFile } from "../lib/testing/images";
import { e2eCatalog, fixtureProducts } from "./fixtures/products";
import { signUp } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { photoList, removeAllPhotos, uploadPhoto as upload } from "./support/photos";
import { staffState } from "./support/staff";

// One product's photos change from test to test, and are all removed at the end.
test.describe.configure({ mode: "serial" });
test.slow();
test.use({ storageState: staffState("staff") });

const product = fixtureProducts.backOffice;
// Fixtures are inserted in order into a fresh database, so a product's id is its place in the catalog.
const productId = e2eCatalog.findIndex((item) => item.slug === product.slug) + 1;
const productPath = `/admin/products/${productId}`;
const uploadPath = `${productPath}/photos`;

const altInputs = (page: Page) => photoList(page).getByLabel("Alt text", { exact: true });

async function expectAlts(page: Page, alts: string[]) {
  await expect(photoList(page)).toHaveCount(alts.length);
  for (const [index, alt] of alts.entries()) await expect(altInputs(page).nth(index)).toHaveValue(alt);
}

test.afterAll(async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL!, { storageState: staffState("staff") });
  await removeAllPhotos(page, productPath);
  await page.context().close();
});

test("staff upload a JPEG, a PNG and a WebP with alt text, reorder them, set the main one and edit alt text", async ({
  page,
}) => {
  await page.goto(productPath);
  await expect(page.getByRole("heading", { name: "Photos (0 of 8)" })).toBeVisible();
  await upload(page, { name: "front.jpg", mimeType: "image/jpeg", buffer: await makePhoto("jpeg") }, "Front of the tee");
  await expect(page.getByText(photoMessages.added)).toBeVisible();
  await expectAlts(page, ["Front of the tee"]);
  await upload(page, { name: "back.png", mimeType: "image/png", buffer: await makePhoto("png", 900, 900) }, "Back of the tee");
  await expectAlts(page, ["Front of the tee", "Back of the tee"]);
  await upload(page, { name: "label.webp", mimeType: "image/webp", buffer: await makePhoto("webp", 500, 500) }, "The label");
  await expectAlts(page, ["Front of the tee", "Back of the tee", "The label"]);
  await expect(page.getByRole("heading", { name: "Photos (3 of 8)" })).toBeVisible();
  await expect(photoList(page).first()).toContainText("Main photo");

  await page.getByRole("button", { name: "Move photo 3 earlier" }).click();
  await expectAlts(page, ["Front of the tee", "The label", "Back of the tee"]);
  await page.getByRole("button", { name: "Move photo 1 later" }).click();
  await expectAlts(page, ["The label", "Front of the tee", "Back of the tee"]);
  await page.getByRole("button", { name: "Set photo 3 as main photo" }).click();
  await expectAlts(page, ["Back of the tee", "The label", "Front of the tee"]);
  await expect(page.locator("#photos").getByText("Main photo set: Back of the tee")).toBeVisible();

  // Alt text is required; saving it with the keyboard (Enter) works too.
  await altInputs(page).nth(1).fill(" ");
  await page.getByRole("button", { name: "Save alt text of photo 2" }).click();
  await expect(photoList(page).nth(1).getByText(photoMessages.altRequired)).toBeVisible();
  await altInputs(page).nth(1).fill("The label, close up");
  await altInputs(page).nth(1).press("Enter");
  await expect(page.locator("#photos").getByText("Photo description changed: The label → The label, close up")).toBeVisible();
  // The product's history on the same page records each change.
  await expect(page.getByTestId("product-history")).toContainText("Main photo set: Back of the tee");
  await page.reload();
  await expectAlts(page, ["Back of the tee", "The label, close up", "Front of the tee"]);
  await expectNoSeriousAxeViolations(page);
});

test("the shop shows the main photo with a srcset; renditions are immutable, other names 404", async ({
  browser,
  baseURL,
  request,
}) => {
  const shopper = await newPage(browser, baseURL!, { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
  await shopper.goto(`/products/${product.slug}`);
  const main = shopper.getByRole("list", { name: "Product pictures" }).getByRole("img").first();
  await expect(main).toHaveAttribute("alt", "Back of the tee");
  await expect(main).toHaveAttribute("srcset", /^\/media\/[0-9a-f]{32}-320\.webp 320w, \/media\/[0-9a-f]{32}-640\.webp 640w$/);
  // A 360 px phone downloads a small rendition, not the 1200 px one.
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(320|640)\.webp$/);
  const src = await main.getAttribute("src");

  const rendition = await request.get(src!);
  expect(rendition.status()).toBe(200);
  expect(rendition.headers()["content-type"]).toBe("image/webp");
  expect(rendition.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  for (const bad of ["/media/nothing.webp", `/media/${"0".repeat(32)}-320.webp`, "/media/%2e%2e%2fpackage.json", `${src}x`]) {
    expect((await request.get(bad)).status(), bad).toBe(404);
  }

  await shopper.goto(`/categories/${product.category}`);
  const card = shopper.getByRole("link", { name: new RegExp(product.name) }).locator("img");
  await expect(card).toHaveAttribute("src", /^\/media\/[0-9a-f]{32}-640\.webp$/);
  await expect(card).toHaveAttribute("srcset", /320w/);
  const share = await request.get(`/products/${product.slug}/opengraph-image`);
  expect(share.status()).toBe(200);
  expect(share.headers()["content-type"]).toBe("image/png");
  await shopper.context().close();
});

test("a truncated JPEG, an SVG renamed .png and a text file are refused beside the field; nothing is stored", async ({
  page,
}) => {
  await page.goto(productPath);
  const bad = [
    { file: { name: "cut.jpg", mimeType: "image/jpeg", buffer: await makeTruncatedJpeg() }, error: photoMessages.corrupt },
    { file: { name: "drawing.png", mimeType: "image/png", buffer: svgAsPng }, error: photoMessages.unsupportedType },
    { file: { name: "notes.jpg", mimeType: "image/jpeg", buffer: textFile }, error: photoMessages.unsupportedType },
  ];
  for (const { file, error } of bad) {
    await upload(page, file, "Should not be stored");
    await expect(page.locator("#photo-file-error")).toHaveText(error);
    await expect(page.getByLabel(/^Photo \(JPEG, PNG or WebP/)).toBeFocused();
  }
  await page.reload();
  await expect(photoList(page)).toHaveCount(3);
});

test("a 10 MB photo arrives whole; a bigger one is refused with a message, not an error", async ({ page }) => {
  const photo = await makePhoto("jpeg", 400, 400);
  // Bytes after a JPEG's end marker are ignored by decoders: a valid photo of exactly 10 MB.
  const tenMegabytes = Buffer.concat([photo, Buffer.alloc(MAX_PHOTO_BYTES - photo.length)]);
  const post = (buffer: Buffer) =>
    page.request.post(uploadPath, {
      headers: { Accept: "application/json" },
      multipart: { photo: { name: "big.jpg", mimeType: "image/jpeg", buffer }, alt: "A big photo" },
    });
  const accepted = await post(tenMegabytes);
  expect(accepted.status()).toBe(201);
  // One byte over: refused by the photo's rules (422); a body far over: refused before it is read (413).
  for (const [extra, status] of [
    [1, 422],
    [MAX_PHOTO_BYTES, 413],
  ] as const) {
    const tooBig = await post(Buffer.concat([tenMegabytes, Buffer.alloc(extra)]));
    expect(tooBig.status()).toBe(status);
    expect(await tooBig.json()).toEqual({ ok: false, field: "photo", error: photoMessages.tooLarge });
  }

  // The form says so before sending.
  await page.goto(productPath);
  await upload(
    page,
    { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([tenMegabytes, Buffer.alloc(1)]) },
    "Huge",
  );
  await expect(page.locator("#photo-file-error")).toHaveText(photoMessages.tooLarge);
  await expectAlts(page, ["Back of the tee", "The label, close up", "Front of the tee", "A big photo"]);
});

test("without JavaScript, the upload form posts and comes back with its outcome", async ({ browser, baseURL }) => {
  const page = await newPage(browser, baseURL!, { storageState: staffState("staff"), javaScriptEnabled: false });
  await page.goto(productPath);
  await upload(page, { name: "notes.png", mimeType: "image/png", buffer: textFile }, "Not a photo");
  await expect(page).toHaveURL(new RegExp(`${productPath}#photos$`));
  await expect(page.locator("#photo-file-error")).toHaveText(photoMessages.unsupportedType);
  await upload(page, { name: "side.png", mimeType: "image/png", buffer: await makePhoto("png", 400, 400) }, "Side view");
  await expect(page.getByText(photoMessages.added)).toBeVisible();
  await expect(altInputs(page).last()).toHaveValue("Side view");
  await page.getByRole("button", { name: "Remove photo 5" }).click();
  await expect(photoList(page)).toHaveCount(4);
  await page.context().close();
});

test("a shopper or a visitor cannot upload; nothing is stored", async ({ browser, baseURL, page }) => {
  const multipart = { photo: { name: "x.png", mimeType: "image/png", buffer: await makePhoto("png", 400, 400) }, alt: "Sneaky" };
  const shopper = await newPage(browser, baseURL!);
  expect((await shopper.request.post(uploadPath, { multipart, maxRedirects: 0 })).status()).toBe(401);
  await signUp(shopper);
  expect((await shopper.request.post(uploadPath, { multipart, maxRedirects: 0 })).status()).toBe(404);
  await shopper.context().close();
  await page.goto(productPath);
  await expect(photoList(page)).toHaveCount(4);
});

async function newPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] }, ...options });
  return context.newPage();
}
