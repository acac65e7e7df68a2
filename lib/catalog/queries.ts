import "server-only";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { isSlug } from "@/lib/core/slugs";
import type { Database } from "@/lib/db";
import { categories, products, productSlugs, variants } from "@/lib/db/schema";
import type { CategorySlug } from "./categories";
import type { SizedCategory } from "./sizes";
import { drawnImage, photoImage, placeholderImage, shopImageFromRow, type ShopImage } from "./images";
import { listProductPhotos } from "./photos";
import { productRating, type Rating } from "./ratings";

/** What a product card shows: one row per product, stock summed over its variants. */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  category: CategorySlug;
  price: number;
  /** The main photo, or the first drawing of a product without photos. */
  image: ShopImage;
  stock: number;
  /** Its published reviews' count and average, or null without one. */
  rating: Rating | null;
};

export type Variant = {
  id: number;
  size: string | null;
  colour: string | null;
  packSize: number | null;
  price: number;
  stock: number;
};

/** `images`: the uploaded photos in staff's order when there are any, else the seed's drawings. */
export type Product = ProductCard & {
  categoryName: string;
  /** Its category's size lists, which order its sizes and say whom each is cut for. */
  categorySizes: SizedCategory;
  description: string;
  images: ShopImage[];
  variants: Variant[];
  updatedAt: string;
};

/**
 * What shoppers, search, the sitemap and the feeds see: published products outside hidden
 * categories. A hidden category's products are out of the shop like archived ones, pages too.
 */
export const isPublished = and(
  eq(products.status, "published"),
  // Named in full: drizzle leaves a one-table select's columns unqualified.
  sql`not exists (select 1 from categories where categories.slug = products.category and categories.hidden)`,
)!;

/** A variant shoppers can buy: of a published product, and not archived (a query joining both tables). */
export const isOnSale = and(isPublished, isNull(variants.archivedAt))!;

/**
 * The published product behind a slug with its variants on sale, or null (at once for anything that
 * is no slug: a visitor's URL may hold a NUL byte, which PostgreSQL refuses with an error).
 */
export async function findProduct(db: Database, slug: string): Promise<Product | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({
      ...cardColumns,
      categoryName: categories.name,
      categorySizes: { kidsSizes: categories.kidsSizes, adultSizes: categories.adultSizes },
      description: products.description,
      drawings: products.images,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(and(eq(products.slug, slug), isPublished));
  if (!row) return null;
  const { drawings, ...product } = row;
  const photos = await listProductPhotos(db, row.id);
  const images = photos.length > 0 ? photos.map(photoImage) : drawings.length > 0 ? drawings.map(drawnImage) : [placeholderImage];
  const options = await db
    .select(variantColumns)
    .from(variants)
    .where(and(eq(variants.productId, row.id), isNull(variants.archivedAt)))
    .orderBy(asc(variants.id));
  return { ...product, images, updatedAt: new Date(row.updatedAt).toISOString(), variants: options };
}

/** Every product, or a category's, in catalog order. */
export async function listProducts(db: Database, category?: CategorySlug): Promise<ProductCard[]> {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(isPublished, category ? eq(products.category, category) : undefined))
    .orderBy(asc(products.id));
}

/** Other products of the same category, for 'You may also like'. */
export async function listRelatedProducts(db: Database, product: Pick<ProductCard, "id" | "category">, limit = 4) {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(isPublished, eq(products.category, product.category), ne(products.id, product.id)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** A product's address and when it last changed, for the sitemap. */
export type ProductUpdate = { slug: string; category: CategorySlug; updatedAt: string };

export async function listProductUpdates(db: Database): Promise<ProductUpdate[]> {
  const rows = await db
    .select({ slug: products.slug, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    .where(isPublished)
    .orderBy(asc(products.id));
  return rows.map((row) => ({
    ...row,
    category: row.category as CategorySlug,
    updatedAt: new Date(row.updatedAt).toISOString(),
  }));
}

/**
 * Where an old address of a published product leads: its current slug, or null. Old slugs stay the
 * product's forever (product_slugs), so a shared link keeps working after a rename.
 */
export async function findRenamedSlug(db: Database, slug: string): Promise<string | null> {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugs)
    .innerJoin(products, eq(products.id, productSlugs.productId))
    .where(and(eq(productSlugs.slug, slug), ne(products.slug, slug), isPublished));
  return row?.slug ?? null;
}

/** A Variant's columns, for a query on `variants`. */
export const variantColumns = {
  id: variants.id,
  size: variants.size,
  colour: variants.colour,
  packSize: variants.packSize,
  price: variants.price,
  stock: variants.stock,
};

export const cardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  category: sql<CategorySlug>`${products.category}`,
  price: products.price,
  image: productImage(),
  // Spelled out: drizzle would leave the outer "products" qualifier off inside the subquery.
  stock: sql<number>`(select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = "products"."id" and v.archived_at is null)`,
  rating: productRating(),
};

/** A product's main photo, else its first drawing, as one column (see shopImageFromRow). */
export function productImage() {
  return sql<ShopImage>`coalesce(
    (select json_build_object('imageKey', p.image_key, 'width', p.width, 'height', p.height)
      from product_photos p where p.product_id = "products"."id" order by p.position, p.id limit 1),
    json_build_object('drawing', ${products.images}[1]))`.mapWith(shopImageFromRow);
}
