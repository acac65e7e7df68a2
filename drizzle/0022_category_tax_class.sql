ALTER TABLE "categories" ADD COLUMN "tax_class" text;--> statement-breakpoint
-- hand-written: each category keeps the class its invoices were issued with until now (by slug, anything else as t-shirts); staff can change it from here on
UPDATE "categories" SET "tax_class" = CASE WHEN "slug" IN ('hoodies', 'trashbags') THEN "slug" ELSE 'tshirts' END;--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "tax_class" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_tax_class_known" CHECK ("categories"."tax_class" in ('tshirts', 'hoodies', 'trashbags'));
