CREATE TABLE "size_chart_rows" (
	"category" text NOT NULL,
	"size" text NOT NULL,
	"chest_cm" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"sleeve_cm" integer NOT NULL,
	CONSTRAINT "size_chart_rows_category_size_pk" PRIMARY KEY("category","size"),
	CONSTRAINT "size_chart_rows_size_known" CHECK ("size_chart_rows"."size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL')),
	CONSTRAINT "size_chart_rows_measurements_positive" CHECK ("size_chart_rows"."chest_cm" > 0 and "size_chart_rows"."length_cm" > 0 and "size_chart_rows"."sleeve_cm" > 0)
);
--> statement-breakpoint
ALTER TABLE "size_chart_rows" ADD CONSTRAINT "size_chart_rows_category_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("slug") ON DELETE cascade ON UPDATE cascade;