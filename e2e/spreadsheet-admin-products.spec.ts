import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { csvLines } from "../lib/core/csv";
import { backOfficeSections, catalogImportSection } from "../lib/admin/sections";
import { formatKsh } from "../lib/catalog/price";
import { sheetMessages, sheetRowErrors, sheetUploadPath, stockChangeText } from "../lib/catalog/sheet-rules";
import { staffState } from "./support/staff";

// Runs in the 'shared content' project (it changes a product every shopper sees), and puts the
// catalog back as it found it by importing the first export again.
test.describe.configure({ mode: "serial" });
test.use({ storageState: staffState("admin") });

const slug = "matatu-art-hoodie";
let original = "";

/** The file 'Export CSV' downloads, BOM and all. */
async function exportCatalog(page: Page): Promise<string> {
  await page.goto(backOfficeSections.products.path);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  return readFileSync((await download.path())!, "utf8");
}

async function previewFile(page: Page, text: string) {
  await page.goto(backOfficeSections.products.path);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(catalogImportSection.path);
  await page.getByLabel(/CSV file/).setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import preview" })).toBeVisible();
}

/** The export's first row of the product edited here: its number, its cells, and the file with some of them changed. */
function firstRowOf(text: string) {
  const [columns, ...records]: string[][] = parse(text.replace(/^\uFEFF/, ""));
  const index = records.findIndex((record) => record[columns.indexOf("slug")] === slug);
  const cell = (column: string) => records[index][columns.indexOf(column)];
  const withCells = (changes: Record<string, string>) => {
    const changed = records.map((record, at) =>
      at === index ? record.map((value, column) => changes[columns[column]] ?? value) : record,
    );
    return csvLines([columns, ...changed]);
  };
  // Row 1 is the header.
  return { row: index + 2, cell, withCells };
}

test("an admin exports the catalog, changes a price and a stock count, previews, applies, and shoppers see the new price", async ({
  page,
  browser,
}) => {
  original = await exportCatalog(page);
  expect(original.startsWith("\uFEFFsku,slug,name,description,category,status,size,colour,pack_size,price,stock\r\n")).toBe(true);
  const { row, cell, withCells } = firstRowOf(original);
  const [price, stock] = [Number(cell("price")), Number(cell("stock"))];

  await previewFile(page, withCells({ price: String(price - 222), stock: String(stock + 7) }));
  const changes = page.getByRole("table", { name: "Variants that change" });
  await expect(changes.getByRole("row")).toHaveCount(2);
  const line = changes.getByRole("row").nth(1);
  await expect(line).toContainText(String(row));
  await expect(line).toContainText(cell("sku"));
  await expect(line).toContainText(`${formatKsh(price)} → ${formatKsh(price - 222)}`);
  await expect(line).toContainText(stockChangeText(stock, stock + 7));

  await page.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByText(sheetMessages.applied)).toBeVisible();

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/products/${slug}`);
  await expect(shopper.getByText(formatKsh(price - 222)).first()).toBeVisible();
  await shopper.context().close();
});

test("a file with a bad row is refused, naming the row, and changes nothing", async ({ page }) => {
  const before = await exportCatalog(page);
  const { row, withCells } = firstRowOf(before);
  // The bad row's new price is refused with it.
  await previewFile(page, withCells({ category: "jackets", price: "1" }));
  const refused = page.getByRole("table", { name: "Refused rows" });
  await expect(refused.getByRole("row").nth(1)).toContainText(String(row));
  await expect(refused.getByRole("row").nth(1)).toContainText(
    sheetRowErrors.unknownCategory("jackets", ["hoodies"]).split(":")[0],
  );
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  expect(await exportCatalog(page)).toBe(before);
});

test("importing the first export again puts the catalog back", async ({ page }) => {
  await previewFile(page, original);
  await page.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByText(sheetMessages.applied)).toBeVisible();
  expect(await exportCatalog(page)).toBe(original);
});

test("a file of a few megabytes reaches its preview", async ({ page }) => {
  // 1,600 rows of 2 kB: past a server action's 1 MB, within the upload route's cap (nothing is applied).
  const rows = Array.from(
    { length: 1600 },
    (_, index) => `BIG-${index},big-file-hoodie,Big File Hoodie,${"x".repeat(1990)},hoodies,,M,Black,,1000,1`,
  );
  const file = Buffer.from(original + rows.join("\r\n"));
  expect(file.byteLength).toBeGreaterThan(3_000_000);
  const upload = await page.request.post(sheetUploadPath, {
    multipart: { sheet: { name: "big.csv", mimeType: "text/csv", buffer: file } },
    maxRedirects: 0,
  });
  expect(upload.status()).toBe(303);
  expect(upload.headers().location).toMatch(/^\/admin\/products\/import\/\d+$/);
});

test.describe("staff without the admin role", () => {
  test.use({ storageState: staffState("staff") });

  test("can export but not import", async ({ page }) => {
    await page.goto(backOfficeSections.products.path);
    await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Import CSV" })).toHaveCount(0);
    expect((await page.goto(catalogImportSection.path))?.status()).toBe(403);
    const upload = await page.request.post(sheetUploadPath, {
      multipart: { sheet: { name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(original) } },
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(403);
    expect(await upload.text()).toBe("You don't have access to this page.");
  });
});
