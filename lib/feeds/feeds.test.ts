import { describe, expect, it } from "vitest";
import { feedEntries, feedMessages, feedShipping, feedShippingService, type FeedProduct } from "./entries";
import { escapeXml, googleFeedXml } from "./google";
import { metaFeedCsv } from "./meta";
import { testCategories } from "@/lib/testing/fixtures";

const siteUrl = "https://kijanithreads.co.ke";
const key = "0123456789abcdef0123456789abcdef";
const sizesOfCategory = (slug: string) => {
  const { kidsSizes, adultSizes } = testCategories.find((category) => category.slug === slug)!;
  return { kidsSizes, adultSizes };
};

const hoodie: FeedProduct = {
  id: 7,
  slug: "glow-hoodie",
  name: "Glow Hoodie",
  description: "Glows after dark, <bright> & warm.",
  category: "hoodies",
  categoryKind: "apparel",
  categorySizes: sizesOfCategory("hoodies"),
  photos: [
    { key, width: 2000 },
    { key: key.replace("0", "f"), width: 500 },
  ],
  drawings: ["/images/products/glow-hoodie.svg"],
  variants: [
    { id: 31, size: "M", colour: "Black", packSize: null, price: 3499, stock: 4 },
    { id: 32, size: "XL", colour: "Black", packSize: null, price: 3699, stock: 0 },
  ],
};
const bags: FeedProduct = {
  id: 8,
  slug: "kitchen-bags",
  name: "Kitchen Bags",
  description: "=1+1 tough bags",
  category: "trashbags",
  categoryKind: "pack",
  categorySizes: sizesOfCategory("trashbags"),
  photos: [],
  drawings: ["/images/products/kitchen-bags.svg", "/images/products/kitchen-bags-back.svg"],
  variants: [{ id: 40, size: null, colour: null, packSize: 20, price: 450, stock: 9 }],
};

describe("the shopping feeds' entries", () => {
  it("lists one entry per variant on sale, priced, stocked and linked as the variant is", () => {
    const { entries, excluded } = feedEntries([hoodie, bags], siteUrl, "google");
    expect(excluded).toEqual([]);
    expect(entries.map((entry) => [entry.id, entry.groupId, entry.price, entry.inStock])).toEqual([
      ["31", "product-7", 3499, true],
      ["32", "product-7", 3699, false],
      ["40", "product-8", 450, true],
    ]);
    expect(entries[1].title).toBe("Glow Hoodie (XL · Black)");
    expect(entries[1].link).toBe(`${siteUrl}/products/glow-hoodie?variant=32&utm_source=google&utm_medium=product_feed`);
    expect(entries[2].title).toBe("Kitchen Bags (Pack of 20)");
  });

  it("links raster pictures only: the largest JPEG of each photo, else the drawings' PNG copies", () => {
    const { entries } = feedEntries([hoodie, bags], siteUrl, "meta");
    expect(entries[0].imageLink).toBe(`${siteUrl}/media/${key}-1200.jpg`);
    expect(entries[0].additionalImageLinks).toEqual([`${siteUrl}/media/${key.replace("0", "f")}-320.jpg`]);
    expect(entries[2].imageLink).toBe(`${siteUrl}/images/products/kitchen-bags.png`);
    expect(entries[2].additionalImageLinks).toEqual([`${siteUrl}/images/products/kitchen-bags-back.png`]);
    expect(entries[2].link).toContain("utm_source=meta");
  });

  it("describes apparel by size and colour, and other goods by their pack size alone", () => {
    const { entries } = feedEntries([hoodie, bags], siteUrl, "google");
    expect(entries[0]).toMatchObject({ size: "M", colour: "Black", ageGroup: "adult" });
    expect(entries[2]).toMatchObject({ size: "Pack of 20", colour: null, ageGroup: null });
  });

  it("makes the items of one group differ in a variant attribute, packs by their size, in both feeds", () => {
    const packs = { ...bags, variants: [...bags.variants, { ...bags.variants[0], id: 41, packSize: 50, price: 990 }] };
    const { entries } = feedEntries([hoodie, packs], siteUrl, "google");
    const variantAttributes = entries.map((entry) => JSON.stringify([entry.groupId, entry.size, entry.colour, entry.ageGroup]));
    expect(new Set(variantAttributes).size).toBe(entries.length);
    const sizes = [...googleFeedXml(entries, { title: "", link: siteUrl, description: "" }, []).matchAll(/<g:size>([^<]+)</g)];
    expect(sizes.map((match) => match[1])).toEqual(["M", "XL", "Pack of 20", "Pack of 50"]);
    const [header, ...records] = parseCsv(metaFeedCsv(entries, []));
    expect(records.map((record) => record[header.indexOf("size")])).toEqual(["M", "XL", "Pack of 20", "Pack of 50"]);
  });

  it("gives each variant the age group its category lists its size under, in both feeds", () => {
    const [kidsSize] = hoodie.categorySizes.kidsSizes;
    const kids = { ...hoodie, variants: [{ ...hoodie.variants[0], size: kidsSize }, hoodie.variants[1]] };
    const { entries } = feedEntries([kids], siteUrl, "google");
    expect(entries.map((entry) => [entry.size, entry.ageGroup])).toEqual([
      [kidsSize, "kids"],
      ["XL", "adult"],
    ]);
    const ageGroups = [
      ...googleFeedXml(entries, { title: "", link: siteUrl, description: "" }, []).matchAll(/<g:age_group>(\w+)</g),
    ];
    expect(ageGroups.map((match) => match[1])).toEqual(["kids", "adult"]);
    const [header, ...records] = parseCsv(metaFeedCsv(entries, []));
    expect(records.map((record) => record[header.indexOf("age_group")])).toEqual(["kids", "adult"]);
  });

  it("leaves out a product without a picture, a description or a variant on sale, saying why", () => {
    const catalog = [
      { ...hoodie, id: 1, photos: [], drawings: [] },
      { ...hoodie, id: 2, description: "  " },
      { ...hoodie, id: 3, variants: [] },
      bags,
    ];
    const { entries, excluded } = feedEntries(catalog, siteUrl, "google");
    expect(excluded.map((product) => [product.productId, product.reason])).toEqual([
      [1, feedMessages.noPicture],
      [2, feedMessages.noDescription],
      [3, feedMessages.noVariant],
    ]);
    expect(entries.map((entry) => entry.id)).toEqual(["40"]);
  });
});

/** Google's required attributes (and apparel's) for a product sold in Kenya. */
const googleRequired = [
  "g:id",
  "title",
  "description",
  "link",
  "g:image_link",
  "g:availability",
  "g:price",
  "g:brand",
  "g:condition",
];
// Two fees: Nairobi's own, and a higher one for two other counties.
const shipping = feedShipping({
  Mombasa: { fee: 450, minDays: 2, maxDays: 5 },
  "Nairobi City": { fee: 200, minDays: 1, maxDays: 2 },
  Kisumu: { fee: 450, minDays: 2, maxDays: 4 },
});
const googleApparel = ["g:google_product_category", "g:size", "g:color", "g:gender", "g:age_group", "g:item_group_id"];

describe("the Google Merchant Center feed", () => {
  const xml = googleFeedXml(
    feedEntries([hoodie, bags], siteUrl, "google").entries,
    {
      title: "Kijani Threads",
      link: siteUrl,
      description: "Clothing",
    },
    shipping,
  );
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => fieldsOf(match[1]));

  it("is RSS 2.0 in the g: namespace, one item per variant", () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    );
    expect(items).toHaveLength(3);
  });

  it("gives every item the required attributes in Google's formats", () => {
    for (const item of items) {
      for (const name of googleRequired) expect(item.get(name)?.[0], name).toBeTruthy();
      expect(item.get("g:price")![0]).toMatch(/^\d+\.00 KES$/);
      expect(["in_stock", "out_of_stock"]).toContain(item.get("g:availability")![0]);
      expect(item.get("g:condition")).toEqual(["new"]);
      expect(item.get("g:identifier_exists")).toEqual(["no"]);
      expect(item.get("g:image_link")![0]).toMatch(/^https:\/\/.+\.(jpg|png)$/);
    }
    for (const name of googleApparel) expect(items[0].get(name)?.[0], name).toBeTruthy();
    expect(items[2].get("g:color")).toBeUndefined();
  });

  it("ships to Kenya at the highest county fee, since a fee per county cannot be named", () => {
    expect(items[0].get("g:shipping")).toEqual([
      `<g:country>KE</g:country><g:service>${feedShippingService}</g:service><g:price>450.00 KES</g:price>`,
    ]);
    expect(feedShipping({})).toEqual([]);
  });

  it("escapes text, so a description cannot break the XML", () => {
    expect(items[0].get("description")).toEqual(["Glows after dark, &lt;bright&gt; &amp; warm."]);
    expect(escapeXml("a\u0000b\u0007 'c'")).toBe("ab &apos;c&apos;");
  });
});

describe("Meta's catalog feed", () => {
  const rows = parseCsv(metaFeedCsv(feedEntries([hoodie, bags], siteUrl, "meta").entries, shipping));
  const [header, ...records] = rows;
  const column = (record: string[], name: string) => record[header.indexOf(name)];

  it("has Meta's required columns, filled on every row in Meta's formats", () => {
    const required = ["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"];
    for (const name of required) expect(header).toContain(name);
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record).toHaveLength(header.length);
      for (const name of required) expect(column(record, name), name).toBeTruthy();
      expect(["in stock", "out of stock"]).toContain(column(record, "availability"));
      expect(column(record, "price")).toMatch(/^\d+\.00 KES$/);
    }
    expect(column(records[1], "availability")).toBe("out of stock");
    expect(column(records[0], "shipping")).toBe(`KE::${feedShippingService}:450.00 KES`);
  });

  it("writes text a spreadsheet would run as a formula as plain text", () => {
    expect(column(records[2], "description")).toBe("'=1+1 tough bags");
  });
});

/** The elements of one item, by name, with their text (or inner markup) as written. */
function fieldsOf(item: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const [, name, text] of item.matchAll(/<([\w:]+)>([\s\S]*?)<\/\1>/g))
    fields.set(name, [...(fields.get(name) ?? []), text]);
  return fields;
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  for (const line of text.match(/(?:"(?:[^"]|"")*"|[^\r\n])*\r\n/g) ?? []) {
    const fields = line
      .slice(0, -2)
      .match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!
      .slice(0, -1);
    records.push(
      fields.map((field) =>
        field
          .replace(/,$/, "")
          .replace(/^"([\s\S]*)"$/, "$1")
          .replace(/""/g, '"'),
      ),
    );
  }
  return records;
}
