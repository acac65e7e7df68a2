CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_kind_known" CHECK ("categories"."kind" in ('apparel', 'pack'))
);
--> statement-breakpoint
CREATE TABLE "category_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_slugs" ADD CONSTRAINT "category_slugs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: today's three categories, so that existing products and campaign links keep theirs (0017 then references them)
INSERT INTO "categories" ("slug", "name", "description", "kind", "position") VALUES
	('hoodies', 'Hoodies', 'Warm hoodies printed in Nairobi.', 'apparel', 1),
	('tshirts', 'T-shirts', 'Soft cotton t-shirts with Kenyan prints.', 'apparel', 2),
	('trashbags', 'Trash bags', 'Strong trash bags made from recycled plastic.', 'pack', 3)
ON CONFLICT ("slug") DO NOTHING;
