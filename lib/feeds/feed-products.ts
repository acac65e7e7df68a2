import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { isPublished, variantColumns } from "@/lib/catalog/queries";
import type { Database } from "@/lib/db";
import { categories, productPhotos, products, variants } from "@/lib/db/schema";
import type { FeedProduct } from "./entries";

/** Every published product with its pictures and its variants on sale, in catalog order. */
export async function listFeedProducts(db: Database): Promise<FeedProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      category: products.category,
      categoryKind: categories.kind,
      categorySizes: { kidsSizes: categories.kidsSizes, adultSizes: categories.adultSizes },
      drawings: products.images,
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.category))
    .where(isPublished)
    .orderBy(asc(products.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = await db
    .select({ productId: productPhotos.productId, key: productPhotos.imageKey, width: productPhotos.width })
    .from(productPhotos)
    .where(inArray(productPhotos.productId, ids))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  const options = await db
    .select({ productId: variants.productId, ...variantColumns })
    .from(variants)
    .where(and(inArray(variants.productId, ids), isNull(variants.archivedAt)))
    .orderBy(asc(variants.id));
  return rows.map(({ drawings, ...row }) => ({
    ...row,
    photos: photos.filter((photo) => photo.productId === row.id).map(({ key, width }) => ({ key, width })),
    drawings,
    variants: options.filter((option) => option.productId === row.id).map(({ productId: _product, ...variant }) => variant),
  }));
}
