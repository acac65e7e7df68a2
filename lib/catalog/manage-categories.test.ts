import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { categories, products, variants } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { categoryMessages, parseCategoryForm, type CategoryInput } from "./category-input";
import { findRenamedCategory, listCategories, listStaffCategories } from "./category-queries";
import { createCategory, deleteCategory, moveCategory, setCategoryHidden, updateCategory } from "./manage-categories";
import { findProduct, listProducts } from "./queries";
import { listSizeChart } from "./size-charts";
import { sizeMessages } from "./sizes";

let db: Database;
withTestDb((opened) => (db = opened));

const totes: CategoryInput = {
  name: "Tote bags",
  slug: "tote-bags",
  description: "Bags for the market.",
  kind: "pack",
  taxClass: "trashbags",
  kidsSizes: [],
  adultSizes: [],
};
const idOf = async (slug: string) => (await listStaffCategories(db)).find((category) => category.slug === slug)!.id;

describe("categories", () => {
  it("starts with the launch three, in order, and adds a new one last", async () => {
    expect((await listCategories(db)).map((category) => category.slug)).toEqual(["hoodies", "tshirts", "trashbags"]);
    expect(await createCategory(db, totes)).toEqual({ ok: true });
    expect((await listCategories(db)).map((category) => category.slug)).toEqual(["hoodies", "tshirts", "trashbags", "tote-bags"]);
    expect(await createCategory(db, { ...totes, name: "Totes again" })).toMatchObject({
      ok: false,
      errors: { slug: categoryMessages.slugTaken },
    });
  });

  it("renames a category: its products follow, and the old slug leads to the new one", async () => {
    const before = (await listProducts(db, "hoodies")).length;
    const hoodies = await idOf("hoodies");
    const { kidsSizes, adultSizes } = (await listStaffCategories(db)).find((category) => category.id === hoodies)!;
    const renamed = {
      name: "Sweaters",
      slug: "sweaters",
      description: "Warm sweaters.",
      kind: "apparel",
      taxClass: "hoodies",
      kidsSizes,
      adultSizes,
    } as const;
    expect(await updateCategory(db, hoodies, renamed)).toEqual({ ok: true });
    expect(await listProducts(db, "sweaters")).toHaveLength(before);
    expect(await findRenamedCategory(db, "hoodies")).toBe("sweaters");
    expect((await listStaffCategories(db)).find((category) => category.id === hoodies)?.taxClass).toBe("hoodies");
    // The old slug is kept for its redirect: no other category may take it.
    expect(await createCategory(db, { ...totes, slug: "hoodies" })).toMatchObject({ ok: false });
    // Renamed back, it answers no redirect to itself.
    expect(await updateCategory(db, hoodies, { ...renamed, slug: "hoodies" })).toEqual({ ok: true });
    expect(await findRenamedCategory(db, "hoodies")).toBeNull();
    expect(await findRenamedCategory(db, "sweaters")).toBe("hoodies");
  });

  it("changes a category's kind only while it holds no products", async () => {
    const tshirts = await idOf("tshirts");
    const [tee] = await db.select().from(categories).where(eq(categories.id, tshirts));
    expect(await updateCategory(db, tshirts, { ...tee, kind: "pack" })).toMatchObject({
      ok: false,
      errors: { kind: categoryMessages.kindLocked },
    });
    expect(await updateCategory(db, await idOf("tote-bags"), { ...totes, kind: "apparel" })).toEqual({ ok: true });
  });

  it("hides a category with its products, and shows them again", async () => {
    const [product] = await db.select().from(products).where(eq(products.category, "trashbags")).limit(1);
    const trashbags = await idOf("trashbags");
    expect(await setCategoryHidden(db, trashbags, true)).toBe(true);
    expect(await findProduct(db, product.slug)).toBeNull();
    expect(await listProducts(db, "trashbags")).toEqual([]);
    expect(await setCategoryHidden(db, trashbags, false)).toBe(true);
    expect(await findProduct(db, product.slug)).not.toBeNull();
  });

  it("moves a category up and down, and not past either end", async () => {
    const tote = await idOf("tote-bags");
    expect(await moveCategory(db, tote, "down")).toBe(false);
    expect(await moveCategory(db, tote, "up")).toBe(true);
    expect((await listCategories(db)).map((category) => category.slug)).toEqual(["hoodies", "tshirts", "tote-bags", "trashbags"]);
    expect(await moveCategory(db, await idOf("hoodies"), "up")).toBe(false);
  });

  it("deletes an empty category only; one with products is refused and stays", async () => {
    const hoodies = await idOf("hoodies");
    const count = (await listStaffCategories(db)).find((category) => category.id === hoodies)!.productCount;
    expect(await deleteCategory(db, hoodies)).toEqual({ ok: false, error: categoryMessages.notEmpty(count) });
    expect(await deleteCategory(db, await idOf("tote-bags"))).toEqual({ ok: true });
    expect((await listCategories(db)).map((category) => category.slug)).toEqual(["hoodies", "tshirts", "trashbags"]);
  });

  it("parses the form once, refusing a bad slug and the reserved 'all'", () => {
    expect(
      parseCategoryForm({
        name: " Tote  bags ",
        slug: "Tote-Bags",
        description: "Bags for the market.",
        kind: "pack",
        taxClass: "trashbags",
      }),
    ).toEqual({ ok: true, data: totes });
    const bad = parseCategoryForm({ name: "T", slug: "all", description: "", kind: "hats", taxClass: "caps" });
    expect(bad.ok ? {} : Object.keys(bad.errors).sort()).toEqual(["description", "kind", "name", "slug", "taxClass"]);
  });

  it("reads apparel's kids' and adults' sizes as staff list them (none yet too), each size once; packs have none", () => {
    const form = { name: "Caps", slug: "caps", description: "Caps for the sun.", taxClass: "hoodies" };
    const apparel = (kidsSizes: string, adultSizes: string) =>
      parseCategoryForm({ ...form, kind: "apparel", kidsSizes, adultSizes });
    expect(apparel(" 2-3y, 4-6Y ,", "s,M, l")).toMatchObject({
      ok: true,
      data: { kidsSizes: ["2-3Y", "4-6Y"], adultSizes: ["S", "M", "L"] },
    });
    expect(apparel("", "")).toMatchObject({ ok: true, data: { kidsSizes: [], adultSizes: [] } });
    expect(apparel("M", "S, M")).toEqual({ ok: false, errors: { adultSizes: sizeMessages.repeated("M") } });
    expect(apparel("4 to 6", "S")).toEqual({ ok: false, errors: { kidsSizes: sizeMessages.list } });
    expect(parseCategoryForm({ ...form, kind: "pack", kidsSizes: "4-6Y", adultSizes: "S" })).toMatchObject({
      ok: true,
      data: { kidsSizes: [], adultSizes: [] },
    });
  });

  it("keeps every size its products are sold in, and drops a removed size's chart row", async () => {
    const tshirts = await idOf("tshirts");
    const [tee] = await db.select().from(categories).where(eq(categories.id, tshirts));
    const used = await db
      .selectDistinct({ size: variants.size })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(products.category, "tshirts"), isNull(variants.archivedAt)));
    const kidsUsed = tee.kidsSizes.filter((size) => used.some((row) => row.size === size));
    expect(kidsUsed.length).toBeGreaterThan(0);
    const refused = await updateCategory(db, tshirts, { ...tee, kidsSizes: [] });
    expect(refused).toMatchObject({ ok: false, error: categoryMessages.sizesInUse(kidsUsed) });
    expect((await db.select().from(categories).where(eq(categories.id, tshirts)))[0].kidsSizes).toEqual(tee.kidsSizes);

    const unused = tee.adultSizes.find((size) => !used.some((row) => row.size === size))!;
    expect(await listSizeChart(db, "tshirts")).toContainEqual(expect.objectContaining({ size: unused }));
    const kept = tee.adultSizes.filter((size) => size !== unused);
    expect(await updateCategory(db, tshirts, { ...tee, adultSizes: kept })).toEqual({ ok: true });
    expect((await listSizeChart(db, "tshirts")).map((row) => row.size)).toEqual(
      [...tee.kidsSizes, ...kept].filter((size) => size !== unused),
    );
    expect(await updateCategory(db, tshirts, tee)).toEqual({ ok: true });
  });
});
