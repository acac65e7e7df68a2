import { describe, expect, it } from "vitest";
import { apparelCategories, parseSizeChartForm, sizeChartField, sizeChartMessages, sizeGuideRows } from "./size-chart-rules";
import { offeredSizes } from "./sizes";
import { testCategories as categories } from "@/lib/testing/fixtures";

const hoodies = categories.find((category) => category.slug === "hoodies")!;

/** A posted chart: each size's [chest, length, sleeve] as staff typed them. */
const posted = (category: string, rows: Record<string, [string, string, string]>) => ({
  category,
  ...Object.fromEntries(
    Object.entries(rows).flatMap(([size, values]) =>
      (["chest", "length", "sleeve"] as const).map((measure, index) => [sizeChartField(size, measure), values[index]]),
    ),
  ),
});

describe("the size chart form", () => {
  it("keeps the sizes filled in, in size order, and skips blank ones as not offered", () => {
    const parsed = parseSizeChartForm(
      posted("hoodies", { XL: ["62", "74", "65"], S: [" 53 ", "67", "62"], M: ["", "", ""] }),
      categories,
    );
    expect(parsed).toEqual({
      ok: true,
      data: {
        category: "hoodies",
        rows: [
          { size: "S", chest: 53, length: 67, sleeve: 62 },
          { size: "XL", chest: 62, length: 74, sleeve: 65 },
        ],
      },
    });
  });

  it("holds the category's kids' sizes too, kids' rows first, and refuses sizes the category does not list", () => {
    const [kids] = hoodies.kidsSizes;
    const parsed = parseSizeChartForm(posted("hoodies", { M: ["56", "70", "63"], [kids]: ["35", "46", "40"] }), categories);
    expect(parsed).toMatchObject({ ok: true, data: { rows: [{ size: kids }, { size: "M" }] } });
    const caps = { ...hoodies, slug: "caps", kidsSizes: [], adultSizes: ["ONE"] };
    expect(parseSizeChartForm(posted("caps", { ONE: ["56", "70", "63"], M: ["52", "72", "21"] }), [caps])).toEqual({
      ok: true,
      data: { category: "caps", rows: [{ size: "ONE", chest: 56, length: 70, sleeve: 63 }] },
    });
  });

  it("accepts a chart with no sizes, which hides the guide", () => {
    expect(parseSizeChartForm(posted("tshirts", {}), categories)).toEqual({ ok: true, data: { category: "tshirts", rows: [] } });
  });

  it("refuses half centimetres, numbers out of bounds and rows filled in part, beside each field", () => {
    const parsed = parseSizeChartForm(
      posted("tshirts", { S: ["49.5", "70", "20"], M: ["52", "500", "0"], L: ["55", "", "22"] }),
      categories,
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        [sizeChartField("S", "chest")]: sizeChartMessages.measure("chest"),
        [sizeChartField("M", "length")]: sizeChartMessages.measure("length"),
        [sizeChartField("M", "sleeve")]: sizeChartMessages.measure("sleeve"),
        [sizeChartField("L", "length")]: sizeChartMessages.incomplete,
      },
    });
    expect(sizeChartMessages.measure("chest")).toBe("Give the chest in whole centimetres, from 30 to 90.");
  });

  it("refuses a category sold in packs, or none", () => {
    for (const category of ["trashbags", "shoes", ""])
      expect(parseSizeChartForm(posted(category, { M: ["52", "72", "21"] }), categories)).toEqual({
        ok: false,
        errors: { category: sizeChartMessages.category },
      });
    expect(apparelCategories(categories).map((category) => category.slug)).toEqual(["hoodies", "tshirts"]);
  });
});

describe("a product page's size guide", () => {
  const chart = [
    { size: "S", chest: 49, length: 70, sleeve: 20 },
    { size: "M", chest: 52, length: 72, sleeve: 21 },
    { size: "XXL", chest: 61, length: 78, sleeve: 24 },
  ] as const;

  it("shows only the sizes the product is sold in, in its category's order (kids' first)", () => {
    const sizes = offeredSizes([{ size: "XXL" }, { size: "M" }, { size: "L" }, { size: "M" }], hoodies);
    expect(sizes).toEqual(["M", "L", "XXL"]);
    const kids = [...hoodies.kidsSizes].reverse().map((size) => ({ size }));
    expect(offeredSizes([{ size: "S" }, ...kids], hoodies)).toEqual([...hoodies.kidsSizes, "S"]);
    expect(sizeGuideRows([...chart], sizes).map((row) => row.size)).toEqual(["M", "XXL"]);
  });

  it("shows nothing for packs, or when the chart has none of the product's sizes", () => {
    expect(offeredSizes([{ size: null }, { size: null }], hoodies)).toEqual([]);
    expect(sizeGuideRows([...chart], [])).toEqual([]);
    expect(sizeGuideRows([...chart], ["XS", "3XL"])).toEqual([]);
  });
});
