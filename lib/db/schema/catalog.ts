import { sql } from "drizzle-orm";
import { check, index, integer, pgMaterializedView, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(), // a CategorySlug from lib/catalog/categories
    // Whole Kenyan shillings; the lowest variant price, kept here for listing and sorting.
    price: integer("price").notNull(),
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
  },
  (t) => [
    index("variants_product_id_idx").on(t.productId),
    check("variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("variants_price_positive", sql`${t.price} > 0`),
  ],
);

// Every distinct word of the catalog, for correcting misspelt search words: a materialized
// view created by the SQL migration 0003_search_words (drizzle-kit cannot index views) and
// refreshed by lib/catalog/seed after catalog writes.
export const searchWords = pgMaterializedView("search_words", { word: text("word").notNull() }).existing();
