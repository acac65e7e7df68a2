ALTER TABLE "size_chart_rows" DROP CONSTRAINT "size_chart_rows_size_known";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "kids_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "adult_sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- hand-written: apparel keeps the sizes it offered until now (XS to 3XL) and gains the kids' sizes its kids' products use; any other size a variant holds joins the adults' list, so every product stays editable
UPDATE "categories" SET "kids_sizes" = '{4-6Y,6-8Y,8-10Y,10-12Y}', "adult_sizes" = '{XS,S,M,L,XL,XXL,3XL}' WHERE "kind" = 'apparel';--> statement-breakpoint
UPDATE "categories" SET "adult_sizes" = "adult_sizes" || array(
  SELECT DISTINCT "variants"."size" FROM "variants" JOIN "products" ON "products"."id" = "variants"."product_id"
  WHERE "products"."category" = "categories"."slug" AND "variants"."size" IS NOT NULL
    AND NOT ("variants"."size" = ANY ("categories"."kids_sizes" || "categories"."adult_sizes"))
  ORDER BY 1
) WHERE "kind" = 'apparel';
