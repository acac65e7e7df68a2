import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { products } from "@/lib/db/schema";
import { cardColumns, type ProductCard } from "./queries";
import type { SearchQuery } from "./search-params";

export const searchPageSize = 12;

export type SearchResult = { products: ProductCard[]; total: number; page: number; pageCount: number };

/**
 * Products matching a normalised query, best first, through GIN trigram indexes (pg_trgm):
 * `name %> q` holds when q is close to a part of the name, so small typos match ('hodie'
 * finds hoodies); LIKE over the lower-cased `search_text` finds partial words in the name and
 * description. Typo tolerance stops at names: word similarity over long descriptions costs
 * too much (see scripts/bench/search.ts). A page past the end gives the last page.
 */
export async function searchProducts(db: Database, query: SearchQuery): Promise<SearchResult> {
  const where = and(
    query.category === "all" ? undefined : eq(products.category, query.category),
    query.q ? matches(query.q) : undefined,
  );
  const run = (page: number) =>
    db
      .select({ ...cardColumns, total: sql<number>`count(*) over ()::int` })
      .from(products)
      .where(where)
      .orderBy(...ordering(query))
      .limit(searchPageSize)
      .offset((page - 1) * searchPageSize);

  let page = query.page;
  let rows = await run(page);
  if (rows.length === 0 && page > 1) {
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
    page = Math.max(1, Math.ceil(count / searchPageSize));
    rows = count > 0 ? await run(page) : [];
  }
  const total = rows[0]?.total ?? 0;
  return {
    products: rows.map(({ total: _total, ...card }) => card),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / searchPageSize)),
  };
}

function matches(q: string): SQL {
  const pattern = containing(q);
  return sql`(${products.searchText} like lower(${pattern}) or ${products.name} %> ${q})`;
}

/** Closeness to the name, plus a bonus for the literal text in the name; description-only matches come last. */
function relevance(q: string): SQL {
  return sql`word_similarity(${q}, ${products.name}) + case when ${products.name} ilike ${containing(q)} then 0.5 else 0 end`;
}

function ordering(query: SearchQuery): SQL[] {
  switch (query.sort) {
    case "price-asc":
      return [asc(products.price), asc(products.id)];
    case "price-desc":
      return [desc(products.price), asc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "relevance":
      return query.q ? [desc(relevance(query.q)), asc(products.id)] : [asc(products.id)];
  }
}

/** An ILIKE pattern matching q literally anywhere (its own % and _ escaped). */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
