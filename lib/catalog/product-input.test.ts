import { describe, expect, it } from "vitest";
import type { Category } from "./categories";
import { parseProductForm as parseWith, variantField } from "./product-input";
import { seedCategories } from "./seed-data";
import { sizeMessages } from "./sizes";
import { firstFreeSlug, isSlug, slugify } from "@/lib/core/slugs";

const hoodie = {
  name: "Rift Valley Hoodie",
  slug: "",
  category: "hoodies",
  status: "draft",
  description: "A warm hoodie printed with the Rift Valley at dawn.",
  [variantField(0, "size")]: "M",
  [variantField(0, "colour")]: "Black",
  [variantField(0, "price")]: "3,499",
  [variantField(0, "stock")]: "12",
};

const stored: Category[] = seedCategories.map((category) => ({ ...category, hidden: false }));
const parseProductForm = (fields: Record<string, unknown>) => parseWith(fields, stored);

describe("the product form", () => {
  it("reads a valid product, skipping blank rows", () => {
    const parsed = parseProductForm({ ...hoodie, [variantField(1, "price")]: "" });
    expect(parsed).toEqual({
      ok: true,
      product: {
        name: "Rift Valley Hoodie",
        slug: null,
        category: "hoodies",
        status: "draft",
        description: "A warm hoodie printed with the Rift Valley at dawn.",
        variants: [{ id: null, size: "M", colour: "Black", packSize: null, price: 3499, openingStock: 12, remove: false }],
      },
    });
  });

  it("names every field to fix", () => {
    const parsed = parseProductForm({
      name: "X",
      slug: "Not A Slug",
      category: "shoes",
      status: "live",
      description: "short",
      [variantField(0, "size")]: "M",
      [variantField(0, "colour")]: "Black",
      [variantField(0, "price")]: "-5",
      [variantField(1, "size")]: "XXXXL",
      [variantField(1, "colour")]: "Navy",
      [variantField(1, "price")]: "12.50",
      [variantField(1, "stock")]: "many",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(
      [
        "category",
        "description",
        "name",
        "slug",
        "status",
        "variants",
        variantField(0, "price"),
        variantField(1, "price"),
        variantField(1, "size"),
        variantField(1, "stock"),
      ].sort(),
    );
  });

  it("asks for at least one variant, and refuses two alike", () => {
    const none = parseProductForm({
      ...hoodie,
      [variantField(0, "price")]: "",
      [variantField(0, "size")]: "",
      [variantField(0, "colour")]: "",
      [variantField(0, "stock")]: "",
    });
    expect(none).toMatchObject({ ok: false, errors: { variants: "Add at least one variant with its price." } });
    const twice = parseProductForm({
      ...hoodie,
      [variantField(1, "size")]: "M",
      [variantField(1, "colour")]: "black",
      [variantField(1, "price")]: "3000",
    });
    expect(twice).toMatchObject({ ok: false, errors: { [variantField(1, "colour")]: "Another variant is the same." } });
  });

  it("asks trash bags for a pack size instead of a size and colour", () => {
    const parsed = parseProductForm({ ...hoodie, category: "trashbags" });
    expect(parsed).toMatchObject({ ok: false, errors: { [variantField(0, "packSize")]: expect.stringContaining("packs") } });
    const packs = parseProductForm({
      ...hoodie,
      category: "trashbags",
      [variantField(0, "packSize")]: "20",
      [variantField(0, "size")]: "",
    });
    expect(packs).toMatchObject({ ok: true, product: { variants: [{ packSize: 20, size: null, colour: null }] } });
  });

  it("takes its categories and their kinds from the stored list, not from a fixed one", () => {
    const withTotes: Category[] = [
      ...stored,
      { slug: "tote-bags", name: "Tote bags", description: "Totes.", kind: "pack", kidsSizes: [], adultSizes: [], hidden: true },
    ];
    const tote = { ...hoodie, category: "tote-bags", [variantField(0, "packSize")]: "5", [variantField(0, "size")]: "" };
    expect(parseWith(tote, withTotes)).toMatchObject({
      ok: true,
      product: { category: "tote-bags", variants: [{ packSize: 5 }] },
    });
    expect(parseWith(tote, stored)).toMatchObject({
      ok: false,
      errors: { category: "Choose a category: Hoodies, T-shirts, Trash bags." },
    });
  });

  it("keeps an existing variant's stock out of the form and lets it be removed without a valid price", () => {
    const parsed = parseProductForm({
      ...hoodie,
      productId: "3",
      slug: "rift-valley-hoodie",
      [variantField(0, "id")]: "7",
      [variantField(0, "price")]: "",
      [variantField(0, "remove")]: "on",
      [variantField(1, "size")]: "L",
      [variantField(1, "colour")]: "Black",
      [variantField(1, "price")]: "3500",
    });
    expect(parsed).toMatchObject({
      ok: true,
      product: {
        variants: [
          { id: 7, remove: true, openingStock: 0 },
          { id: null, size: "L", price: 3500 },
        ],
      },
    });
  });

  it("offers the sizes its category lists, kids' and adults', and refuses others with that list", () => {
    const hoodies = stored.find((category) => category.slug === "hoodies")!;
    const kidsSize = hoodies.kidsSizes[0];
    expect(parseProductForm({ ...hoodie, [variantField(0, "size")]: kidsSize })).toMatchObject({
      ok: true,
      product: { variants: [{ size: kidsSize }] },
    });
    const caps: Category = { ...hoodies, slug: "caps", name: "Caps", kidsSizes: [], adultSizes: ["ONE"] };
    expect(parseWith({ ...hoodie, category: "caps", [variantField(0, "size")]: "ONE" }, [...stored, caps])).toMatchObject({
      ok: true,
    });
    expect(parseWith({ ...hoodie, category: "caps" }, [...stored, caps])).toMatchObject({
      ok: false,
      errors: { [variantField(0, "size")]: sizeMessages.choose(["ONE"]) },
    });
    const bare: Category = { ...caps, adultSizes: [] };
    expect(parseWith({ ...hoodie, category: "caps" }, [...stored, bare])).toMatchObject({
      ok: false,
      errors: { [variantField(0, "size")]: sizeMessages.choose([]) },
    });
    expect(sizeMessages.choose([])).toMatch(/no sizes/);
  });

  it("requires the slug when editing", () => {
    expect(parseProductForm({ ...hoodie, productId: "7" })).toMatchObject({ ok: false, errors: { slug: expect.any(String) } });
  });
});

describe("slugs", () => {
  it("are made from names", () => {
    expect(slugify("Kijani Leaf Zip-Hoodie (Navy)")).toBe("kijani-leaf-zip-hoodie-navy");
    expect(slugify("  Café — Crème ")).toBe("cafe-creme");
    expect(slugify("!!!")).toBe("");
    expect(slugify("a".repeat(100)).length).toBe(80);
  });

  it("are lower-case words joined by single hyphens", () => {
    expect(isSlug("blue-hoodie-2")).toBe(true);
    for (const bad of ["Blue", "blue--hoodie", "-blue", "blue_hoodie", "blue/hoodie", "a".repeat(81)])
      expect(isSlug(bad)).toBe(false);
  });

  it("are numbered when taken", () => {
    expect(firstFreeSlug("tee", new Set())).toBe("tee");
    expect(firstFreeSlug("tee", new Set(["tee", "tee-2"]))).toBe("tee-3");
    expect(firstFreeSlug("a".repeat(80), new Set(["a".repeat(80)]))).toBe(`${"a".repeat(78)}-2`);
  });
});
