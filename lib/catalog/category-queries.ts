import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { isSlug } from "@/lib/core/slugs";
import type { Database } from "@/lib/db";
import { categories, categorySlugs } from "@/lib/db/schema";
import type { TaxClass } from "@/lib/db/values";
import type { Category } from "./categories";

/** Every category, hidden ones too, in staff's order. */
export async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      kind: categories.kind,
      taxClass: categories.taxClass,
      kidsSizes: categories.kidsSizes,
      adultSizes: categories.adultSizes,
      hidden: categories.hidden,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
}

/** A category as the back office lists it: with its id, its goods' tax class and how many products it holds. */
export type StaffCategory = Category & { id: number; taxClass: TaxClass; productCount: number };

export async function listStaffCategories(db: Database): Promise<StaffCategory[]> {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      kind: categories.kind,
      taxClass: categories.taxClass,
      kidsSizes: categories.kidsSizes,
      adultSizes: categories.adultSizes,
      hidden: categories.hidden,
      // Named in full: drizzle leaves a one-table select's columns unqualified.
      productCount: sql<number>`(select count(*)::int from products where products.category = categories.slug)`,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
}

/** Where a renamed category's old slug leads now (a shown category only), or null; null at once for no slug. */
export async function findRenamedCategory(db: Database, slug: string): Promise<string | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categorySlugs)
    .innerJoin(categories, eq(categories.id, categorySlugs.categoryId))
    .where(and(eq(categorySlugs.slug, slug), ne(categories.slug, slug), eq(categories.hidden, false)));
  return row?.slug ?? null;
}
