CREATE TABLE "photo_files" (
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_files_image_key_width_pk" PRIMARY KEY("image_key","width")
);
--> statement-breakpoint
CREATE TABLE "product_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"change" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"reason" text NOT NULL,
	"change" integer NOT NULL,
	"level" integer NOT NULL,
	"order_id" integer,
	CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" in ('order', 'cancellation', 'restock', 'damaged', 'correction')),
	CONSTRAINT "stock_movements_level_non_negative" CHECK ("stock_movements"."level" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "unit_price" integer;--> statement-breakpoint
UPDATE "cart_lines" SET "unit_price" = "variants"."price" FROM "variants" WHERE "variants"."id" = "cart_lines"."variant_id";--> statement-breakpoint
ALTER TABLE "cart_lines" ALTER COLUMN "unit_price" SET NOT NULL;--> statement-breakpoint
INSERT INTO "product_slugs" ("slug", "product_id") SELECT "slug", "id" FROM "products";--> statement-breakpoint
ALTER TABLE "product_history" ADD CONSTRAINT "product_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_history" ADD CONSTRAINT "product_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_slugs" ADD CONSTRAINT "product_slugs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_history_product_id_idx" ON "product_history" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "product_photos_product_id_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_slugs_product_id_idx" ON "product_slugs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_movements_variant_id_idx" ON "stock_movements" USING btree ("variant_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('draft', 'published', 'archived'));--> statement-breakpoint
-- Search's vocabulary holds only the words of products that shoppers can see.
DROP MATERIALIZED VIEW "search_words";--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT DISTINCT "word"
  FROM (
    SELECT regexp_replace("token", '^[^[:alnum:]]+|[^[:alnum:]]+$', '', 'g') AS "word"
    FROM "products", regexp_split_to_table("search_text", '\s+') AS "token"
    WHERE "status" = 'published'
  ) AS "tokens"
  WHERE length("word") >= 3;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
