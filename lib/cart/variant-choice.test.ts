import { describe, expect, it } from "vitest";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "@/lib/db";
import { createProduct } from "@/lib/testing/fixtures";
import { chosenVariantId } from "./variant-choice";

let db: Database;
withTestDb((opened) => (db = opened));

describe(`the variant a product form chose (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("takes variantId when no option is posted", async () => {
    expect(await chosenVariantId(db, { variantId: "12" })).toBe("12");
  });

  it("picks the same product's variant with the posted options", async () => {
    // Sizes S, M, L in Black (see lib/testing/fixtures.ts).
    const {
      variantIds: [small, medium, large],
    } = await createProduct(db, [{ stock: 1 }, { stock: 1 }, { stock: 1 }]);
    expect(await chosenVariantId(db, { variantId: String(small), colour: "Black", size: "L" })).toBe(large);
    expect(await chosenVariantId(db, { variantId: String(large), size: "M" })).toBe(medium);
  });

  it("is null for options the product does not have, a bad pack size or a bad variantId", async () => {
    const {
      variantIds: [small],
    } = await createProduct(db, [{ stock: 1 }]);
    const other = await createProduct(db, [{ stock: 1 }, { stock: 1 }]);
    expect(await chosenVariantId(db, { variantId: String(small), size: "M" })).toBeNull(); // M belongs to another product
    expect(await chosenVariantId(db, { variantId: String(small), colour: "Pink" })).toBeNull();
    expect(await chosenVariantId(db, { variantId: String(small), packSize: "-1" })).toBeNull();
    expect(await chosenVariantId(db, { variantId: "x", size: "S" })).toBeNull();
    expect(await chosenVariantId(db, { variantId: String(other.variantIds[0]), size: "M" })).toBe(other.variantIds[1]);
  });
});
