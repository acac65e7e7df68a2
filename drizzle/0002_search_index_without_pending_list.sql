DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);