import { describe, expect, it } from "vitest";
import { seedCategories } from "./seed-data";
import type { Category } from "./categories";
import { checkSheetRows } from "./sheet-check";
import { readSheet, type SheetRow } from "./sheet-read";
import { sheetColumns, sheetRowErrors, stockChangeText, type SheetProblem } from "./sheet-rules";

const categories: Category[] = seedCategories.map((category) => ({ ...category, hidden: false }));
const utf8 = (text: string) => new TextEncoder().encode(text);
const header = sheetColumns.join(",");
const hoodie = "HD-1,blue-hoodie,Blue Hoodie,A warm blue hoodie for the cold Nairobi mornings.,hoodies,published,M,Blue,,2999,12";

function rowsOf(text: string): SheetRow[] {
  const read = readSheet(utf8(text));
  if (!read.ok) throw new Error(JSON.stringify(read.problem));
  return read.rows;
}

describe("reading a catalog spreadsheet", () => {
  it("reads comma-separated UTF-8 with a BOM, quoted commas, quotes and line breaks, and numbers rows as the spreadsheet does", () => {
    const rows = rowsOf(
      `\uFEFF${header}\r\n${hoodie}\r\n` +
        `HD-2,blue-hoodie,Blue Hoodie,"Warm, soft and ""blue"".\nMachine wash.",hoodies,,L,Bluu é,,3199,0\r\n`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      row: 2,
      cells: {
        sku: "HD-1",
        slug: "blue-hoodie",
        name: "Blue Hoodie",
        description: "A warm blue hoodie for the cold Nairobi mornings.",
        category: "hoodies",
        status: "published",
        size: "M",
        colour: "Blue",
        pack_size: "",
        price: "2999",
        stock: "12",
      },
    });
    expect(rows[1].cells.description).toBe('Warm, soft and "blue".\nMachine wash.');
    expect(rows[1].cells.colour).toBe("Bluu é");
  });

  it("reads semicolons as Excel writes them in other locales, columns in any order and case, and skips blank lines", () => {
    const rows = rowsOf(
      "Stock;PRICE;sku;slug;name;description;category;status;size;colour;pack_size\n" +
        '7;1500;HD-9;x-hoodie;"X; Hoodie";A hoodie with a semicolon; in words.;hoodies;;S;Red;\n\n;;;;;;;;;;\n' +
        "8;1600;HD-10;x-hoodie;X Hoodie;d;hoodies;;M;Red;\n",
    );
    expect(rows.map((row) => [row.row, row.cells.sku, row.cells.stock, row.cells.price])).toEqual([
      [2, "HD-9", "7", "1500"],
      [5, "HD-10", "8", "1600"],
    ]);
    expect(rows[0].cells.name).toBe("X; Hoodie");
  });

  it("takes off the quote the export put before formula-looking text", () => {
    expect(rowsOf(`${header}\r\nHD-1,s,'=Name,'-desc,hoodies,,M,'+Blue,,1,1\r\n`)[0].cells).toMatchObject({
      name: "=Name",
      description: "-desc",
      colour: "+Blue",
    });
  });

  it.each<[Uint8Array, SheetProblem]>([
    [utf8(""), { error: "noHeader" }],
    [utf8("a,b\r\n1,2\r\n"), { error: "noHeader" }],
    [
      utf8("sku,slug,name\r\n"),
      { missing: ["description", "category", "status", "size", "colour", "pack_size", "price", "stock"] },
    ],
    [utf8(`${header}\r\n"HD-1,unclosed\r\n`), { error: "notCsv" }],
    [new Uint8Array([...utf8(`${header}\r\nHD-1,caf`), 0xe9, 0x0d, 0x0a]), { error: "notUtf8" }],
  ])("refuses a file it cannot read (%#)", (bytes, problem) => {
    expect(readSheet(bytes)).toEqual({ ok: false, problem });
  });
});

describe("checking its rows", () => {
  const check = (...lines: string[]) => checkSheetRows(rowsOf([header, ...lines].join("\r\n")), categories);

  it("parses a valid row into a variant, with cents of zero allowed and an empty status left alone", () => {
    const { variants, refused } = check(
      hoodie,
      'HD-2,blue-hoodie,Blue Hoodie,A warm blue hoodie for the cold Nairobi mornings.,hoodies,published,l,Blue,,"3,199.00",0',
    );
    expect(refused).toEqual([{ row: 3, sku: "HD-2", reason: sheetRowErrors.price }]);
    expect(variants).toEqual([
      {
        row: 2,
        sku: "HD-1",
        slug: "blue-hoodie",
        name: "Blue Hoodie",
        description: "A warm blue hoodie for the cold Nairobi mornings.",
        category: "hoodies",
        status: "published",
        size: "M",
        colour: "Blue",
        packSize: null,
        price: 2999,
        stock: 12,
      },
    ]);
    expect(check(hoodie.replace(",2999,", ",2999.00,").replace("published", "")).variants[0]).toMatchObject({
      price: 2999,
      status: null,
    });
    expect(
      check("TB-1,bags,Bin Bags,Strong black bags for the kitchen bin.,trashbags,draft,,,20,450,3").variants[0],
    ).toMatchObject({
      size: null,
      colour: null,
      packSize: 20,
    });
  });

  it("refuses each bad row with its number and reason: unknown category, price not whole, negative stock, duplicate SKU, a size the category lacks", () => {
    const { variants, refused } = check(
      hoodie,
      hoodie.replace("HD-1", "HD-2").replace("hoodies", "jackets"),
      hoodie.replace("HD-1", "HD-3").replace("2999", "2999.50"),
      hoodie.replace("HD-1", "HD-4").replace(",12", ",-3"),
      hoodie.replace(",M,", ",S,"),
      hoodie.replace("HD-1", "HD-5").replace(",M,", ",XXXL,"),
      hoodie.replace("HD-1", "HD-6").replace("Blue Hoodie", "Blue Hoodie 2"),
      hoodie.replace("HD-1", "HD-7").replace("published", "sold"),
      "TB-1,bags,Bin Bags,Strong black bags for the kitchen bin.,trashbags,draft,,,,450,3",
    );
    const hoodieSizes = categories.find((category) => category.slug === "hoodies")!;
    expect(variants.map((variant) => variant.sku)).toEqual(["HD-1"]);
    expect(refused).toEqual([
      { row: 3, sku: "HD-2", reason: sheetRowErrors.unknownCategory("jackets", ["hoodies", "tshirts", "trashbags"]) },
      { row: 4, sku: "HD-3", reason: sheetRowErrors.price },
      { row: 5, sku: "HD-4", reason: sheetRowErrors.negativeStock },
      { row: 6, sku: "HD-1", reason: sheetRowErrors.duplicateSku(2) },
      {
        row: 7,
        sku: "HD-5",
        reason: sheetRowErrors.size("XXXL", "hoodies", [...hoodieSizes.kidsSizes, ...hoodieSizes.adultSizes]),
      },
      { row: 8, sku: "HD-6", reason: sheetRowErrors.differs("name", 2) },
      { row: 9, sku: "HD-7", reason: sheetRowErrors.status },
      { row: 10, sku: "TB-1", reason: sheetRowErrors.packSize },
    ]);
  });

  it("writes a stock change as the preview shows it", () => {
    expect(stockChangeText(12, 19)).toBe("12 → 19 (+7)");
    expect(stockChangeText(5, 2)).toBe("5 → 2 (-3)");
  });
});
