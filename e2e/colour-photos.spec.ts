import { expect, test } from "@playwright/test";
import { makePhoto } from "../lib/testing/images";
import { e2eCatalog } from "./fixtures/products";
import { photoList, removeAllPhotos, uploadPhoto } from "./support/photos";
import { staffState } from "./support/staff";

// Staff give a two-colour hoodie a photo per colour and shoppers see the chosen colour's; the photos are removed at the end.
test.describe.configure({ mode: "serial" });
test.use({ storageState: staffState("staff") });

const slug = "rongai-recycled-fleece-hoodie"; // Olive and Charcoal
// Fixtures are inserted in order into a fresh database, so a product's id is its place in the catalog.
const productPath = `/admin/products/${e2eCatalog.findIndex((product) => product.slug === slug) + 1}`;

test.afterAll(async ({ browser, baseURL }) => {
  const page = await (await browser.newContext({ baseURL, storageState: staffState("staff") })).newPage();
  await removeAllPhotos(page, productPath);
  await page.context().close();
});

test("staff name each photo's colour, and the product page shows the chosen colour's photo", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.goto(productPath);
  for (const [index, colour] of ["Olive", "Charcoal"].entries()) {
    await uploadPhoto(
      page,
      { name: `${colour}.jpg`, mimeType: "image/jpeg", buffer: await makePhoto("jpeg", 400, 400) },
      `${colour} hoodie`,
    );
    await expect(photoList(page)).toHaveCount(index + 1);
    await photoList(page).nth(index).getByLabel("Colour", { exact: true }).selectOption(colour);
    await page.getByRole("button", { name: `Save colour of photo ${index + 1}` }).click();
    await expect(page.locator("#photos").getByText(`Photo colour set: ${colour} hoodie → ${colour}`)).toBeVisible();
  }

  const shopper = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage();
  await shopper.goto(`/products/${slug}`);
  const pictures = shopper.getByRole("list", { name: "Product pictures" });
  const colours = shopper.getByRole("group", { name: "Colour" });
  await expect(colours.getByRole("radio", { name: "Olive" })).toBeChecked();
  await expect(pictures.getByRole("img", { name: "Olive hoodie" })).toBeVisible();
  await expect(pictures.getByRole("img", { name: "Charcoal hoodie" })).toBeHidden();
  await colours.getByText("Charcoal", { exact: true }).click();
  await expect(pictures.getByRole("img", { name: "Charcoal hoodie" })).toBeVisible();
  await expect(pictures.getByRole("img", { name: "Olive hoodie" })).toBeHidden();
  await shopper.context().close();
});
