-- The catalog's vocabulary: every distinct word of the products' names and descriptions.
-- Search corrects a misspelt query word to its nearest word here (a few thousand rows at
-- most) instead of comparing the query with every product. Refreshed after catalog writes.
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT DISTINCT "word"
  FROM (
    SELECT regexp_replace("token", '^[^[:alnum:]]+|[^[:alnum:]]+$', '', 'g') AS "word"
    FROM "products", regexp_split_to_table("search_text", '\s+') AS "token"
  ) AS "tokens"
  WHERE length("word") >= 3;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
