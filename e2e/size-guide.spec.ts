import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { backOfficeSections } from "../lib/admin/sections";
import { fixBelow } from "../lib/catalog/product-input";
import { seedSizeCharts } from "../lib/catalog/seed-data";
import { howToMeasure, sizeChartMessages, sizeMeasureLabels, sizeMeasures } from "../lib/catalog/size-chart-rules";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { staffState } from "./support/staff";
import { jsonLdOfType } from "./support/structured-data";

// Staff change the hoodies' chart, which every hoodie page shows: this file runs in the 'shared
// content' project, after the specs that read those pages, and puts the demo chart back.
test.describe.configure({ mode: "serial" });
test.slow();

const hoodie = "/products/glow-in-the-dark-hoodie"; // sold in S, M, L and XL
const trashBags = "/products/recycled-bin-liners-50l";
const demoHoodies = seedSizeCharts.find((chart) => chart.category === "hoodies")!.rows;
const demoM = demoHoodies.find((row) => row.size === "M")!;

async function open(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

const chartForm = (page: Page) => page.getByRole("form", { name: "Hoodies size chart" });
const input = (page: Page, size: string, measure: keyof typeof sizeMeasureLabels) =>
  chartForm(page).getByRole("spinbutton", { name: `${size} ${sizeMeasureLabels[measure]} (cm)`, exact: true });

/** The open guide's table: its row headers (sizes) and each row's measurements. */
async function openGuide(page: Page) {
  await page.getByText("Size guide", { exact: true }).click();
  const table = page.getByRole("table", { name: howToMeasure });
  await expect(table).toBeVisible();
  return table;
}

const productJsonLd = (page: Page) => jsonLdOfType<{ size: { name: string; hasMeasurement: unknown[] }[] }>(page, "Product");

test("staff save a chart and the category's product pages show it at once, sold sizes only", async ({ browser }) => {
  const shopper = await open(browser);
  await shopper.goto(hoodie); // cached now, with the demo chart
  await expect((await openGuide(shopper)).getByRole("row").nth(2).getByRole("cell").first()).toHaveText(String(demoM.chest));

  const staff = await open(browser, { storageState: staffState("staff") });
  await staff.goto("/admin");
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Size guide" }).click();
  await expect(staff).toHaveURL(backOfficeSections.sizeGuide.path);
  await expect(input(staff, "M", "chest")).toHaveValue(String(demoM.chest));
  await expectNoSeriousAxeViolations(staff);

  // The browser checks with the server's words: a length of 500 cm is refused before sending.
  await input(staff, "L", "length").fill("500");
  await chartForm(staff).getByRole("button", { name: "Save hoodies chart" }).click();
  await expect(chartForm(staff).getByText(sizeChartMessages.measure("length"))).toBeVisible();
  await expect(input(staff, "L", "length")).toBeFocused();
  await input(staff, "L", "length").fill("72");

  await input(staff, "M", "chest").fill("57");
  for (const measure of sizeMeasures) await input(staff, "S", measure).fill(""); // S: not offered
  await chartForm(staff).getByRole("button", { name: "Save hoodies chart" }).click();
  await expect(chartForm(staff).getByRole("status")).toHaveText(sizeChartMessages.saved);
  await expect(input(staff, "S", "chest")).toHaveValue("");

  await shopper.reload();
  const table = await openGuide(shopper);
  await expect(table.getByRole("columnheader")).toHaveText(["Size", "Chest (cm)", "Length (cm)", "Sleeve (cm)"]);
  await expect(table.getByRole("rowheader")).toHaveText(["M", "L", "XL"]);
  await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText(["57", String(demoM.length), String(demoM.sleeve)]);
  await expectNoSeriousAxeViolations(shopper);

  // Search engines get every size sold; those in the chart with their measurements.
  const data = await productJsonLd(shopper);
  expect(data.size.map((size: { name: string }) => size.name)).toEqual(["S", "M", "L", "XL"]);
  expect(data.size[0]).toEqual({ "@type": "SizeSpecification", name: "S" });
  expect(data.size[1].hasMeasurement[0]).toEqual({
    "@type": "QuantitativeValue",
    valueReference: "https://schema.org/WearableMeasurementChestOrBust",
    value: 57,
    unitCode: "CMT",
  });
  await shopper.context().close();
  await staff.context().close();
});

test("the guide opens from the keyboard, and without JavaScript", async ({ browser }) => {
  const keyboard = await open(browser);
  await keyboard.goto(hoodie);
  await keyboard.getByText("Size guide", { exact: true }).focus();
  await keyboard.keyboard.press("Enter");
  await expect(keyboard.getByRole("table", { name: howToMeasure }).getByRole("rowheader")).toHaveText(["M", "L", "XL"]);
  await keyboard.context().close();

  const noScript = await open(browser, { javaScriptEnabled: false });
  await noScript.goto(hoodie);
  await expect(noScript.getByRole("table", { name: howToMeasure })).toBeHidden();
  const table = await openGuide(noScript);
  await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("57");
  await noScript.context().close();
});

test("without JavaScript a half-filled size is refused beside its field and nothing is saved", async ({ browser }) => {
  const staff = await open(browser, { storageState: staffState("staff"), javaScriptEnabled: false });
  await staff.goto(backOfficeSections.sizeGuide.path);
  await input(staff, "M", "chest").fill("58");
  await input(staff, "L", "sleeve").fill("");
  await chartForm(staff).getByRole("button", { name: "Save hoodies chart" }).click();
  await expect(chartForm(staff).getByRole("alert")).toHaveText(fixBelow);
  await expect(chartForm(staff).getByText(sizeChartMessages.incomplete)).toBeVisible();
  await expect(input(staff, "L", "sleeve")).toHaveAttribute("aria-invalid", "true");
  await expect(input(staff, "M", "chest")).toHaveValue("58"); // what was sent, to fix

  const shopper = await open(browser, { javaScriptEnabled: false });
  await shopper.goto(hoodie);
  await expect((await openGuide(shopper)).getByRole("row").nth(1).getByRole("cell").first()).toHaveText("57");
  await shopper.context().close();
  await staff.context().close();
});

test("trash bags, sold in packs, have no size guide and no sizes for search engines", async ({ page }) => {
  await page.goto(trashBags);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Size guide", { exact: true })).toHaveCount(0);
  expect((await productJsonLd(page)).size).toBeUndefined();
});

test("marketing may not open the size guide's page", async ({ browser }) => {
  const marketing = await open(browser, { storageState: staffState("marketing") });
  expect((await marketing.goto(backOfficeSections.sizeGuide.path))?.status()).toBe(403);
  await marketing.context().close();
});

test.afterAll("the demo chart is back", async ({ browser }) => {
  const staff = await open(browser, { storageState: staffState("staff") });
  await staff.goto(backOfficeSections.sizeGuide.path);
  for (const row of demoHoodies)
    for (const measure of sizeMeasures) await input(staff, row.size, measure).fill(String(row[measure]));
  await chartForm(staff).getByRole("button", { name: "Save hoodies chart" }).click();
  await expect(chartForm(staff).getByRole("status")).toHaveText(sizeChartMessages.saved);
  await staff.context().close();
});
