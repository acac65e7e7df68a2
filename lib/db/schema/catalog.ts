import "server-only";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgMaterializedView,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { user } from "./auth";
import { categoryKinds, productStatuses, taxClasses, type CategoryKind, type ProductStatus, type TaxClass } from "../values";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * The shop's categories, in the order staff gave them. Their slug is the URL and the header's
 * dropdown value; products and campaign links name it, and follow a rename (on update cascade).
 * A hidden one is out of the shop's menus, listings, sitemap and feeds.
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    kind: text("kind").$type<CategoryKind>().notNull(),
    taxClass: text("tax_class").$type<TaxClass>().notNull(),
    // Apparel's sizes in the order shoppers read them, kids' and adults' apart (lib/catalog/sizes.ts); none for packs.
    kidsSizes: text("kids_sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    adultSizes: text("adult_sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [
    check("categories_kind_known", sql`${t.kind} in (${sqlList(categoryKinds)})`),
    check("categories_tax_class_known", sql`${t.taxClass} in (${sqlList(taxClasses)})`),
  ],
);

/** A renamed category's old slugs, which redirect (308) to its slug now. */
export const categorySlugs = pgTable("category_slugs", {
  slug: text("slug").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category")
      .notNull()
      .references(() => categories.slug, { onUpdate: "cascade" }),
    status: text("status").$type<ProductStatus>().notNull().default("published"),
    // Whole Kenyan shillings; the lowest variant price, kept here for listing and sorting.
    price: integer("price").notNull(),
    // The seed's drawn illustrations under public/; uploaded photos (product_photos) come first.
    images: text("images").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // For the sitemap's lastModified.
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    // What search matches: name and description in one lower-cased text under one trigram index,
    // so a query is one index scan instead of two OR-ed ones.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || description)`),
  },
  (t) => [
    index("products_category_idx").on(t.category),
    check("products_status_known", sql`${t.status} in (${sqlList(productStatuses)})`),
    // fastupdate off: PGlite runs no autovacuum, so GIN's pending list would never be merged
    // and the planner would rightly shun the index. Catalog writes are rare; reads are hot.
    index("products_search_text_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

// One buyable option of a product: a size and colour of apparel, or a pack of trash bags.
export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    size: text("size"),
    colour: text("colour"),
    packSize: integer("pack_size"),
    price: integer("price").notNull(),
    stock: integer("stock").notNull(),
    // A variant that appears in orders is archived instead of deleted: out of the shop, kept for the orders.
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    index("variants_product_id_idx").on(t.productId),
    check("variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("variants_price_positive", sql`${t.price} > 0`),
  ],
);

/**
 * Every slug a product has ever had, its current one included: an old slug redirects to the
 * product's current address, and no slug is ever given to another product.
 */
export const productSlugs = pgTable(
  "product_slugs",
  {
    slug: text("slug").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_slugs_product_id_idx").on(t.productId)],
);

/** An uploaded photo of a product, in the order staff chose; the first is the main one. */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    /** The image's content hash: its renditions are the photo_files rows with this key. */
    imageKey: text("image_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The variants' colour it shows, chosen by staff; null: any colour (the product page shows it whichever is chosen). */
    colour: text("colour"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_photos_product_id_idx").on(t.productId, t.position)],
);

/**
 * The WebP renditions of every uploaded image, by content hash and width, stored in the database
 * so that every instance serves the same files and one backup holds everything. Immutable.
 */
export const photoFiles = pgTable(
  "photo_files",
  {
    imageKey: text("image_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.imageKey, t.width] })],
);

/** Every change to a product by staff (price, status, slug, photos, …): who, when and what. */
export const productHistory = pgTable(
  "product_history",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    /** What changed, in words: "Price of M / Black: KSh 3,499 → KSh 3,299". */
    change: text("change").notNull(),
  },
  (t) => [index("product_history_product_id_idx").on(t.productId, t.id)],
);

// Every distinct word of the catalog, for correcting misspelt search words: a materialized
// view created by the SQL migration 0003_search_words (drizzle-kit cannot index views) and
// refreshed by lib/catalog/seed after catalog writes.
export const searchWords = pgMaterializedView("search_words", { word: text("word").notNull() }).existing();
