import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { products, searchWords } from "@/lib/db/schema";
import { findCatalogPage, listingOrder, type CatalogPage } from "./listing";
import { isPublished } from "./queries";
import type { SearchQuery } from "./search-params";

export const searchPageSize = 12;

export type SearchResult = CatalogPage & {
  /** The words searched for when some were misspelt ('hodie' → 'hoodie'), else null. */
  correctedQuery: string | null;
};

/**
 * Products containing every word of the query in their name or description, case-insensitively
 * and as partial words ('skyl' finds Skyline), narrowed by the listings' filters. A word found
 * nowhere in the catalog is first corrected to its nearest catalog word ('hodie' → 'hoodie').
 * Each word is one LIKE on the trigram-indexed `search_text`, so the work follows the matches,
 * not the catalog's size. Products with every word in their name come first. A page past the end
 * gives the last page.
 */
export async function searchProducts(db: Database, query: SearchQuery): Promise<SearchResult> {
  const typed = query.q ? query.q.toLowerCase().split(" ") : [];
  const words = await correctSpelling(db, typed);
  const scope = and(
    isPublished,
    query.category === "all" ? undefined : eq(products.category, query.category),
    ...words.map((word) => sql`${products.searchText} like ${containing(word)}`),
  )!;
  const found = await findCatalogPage(db, scope, query, ordering(query, words), searchPageSize);
  const corrected = words.join(" ");
  return { ...found, correctedQuery: corrected === typed.join(" ") ? null : corrected };
}

/**
 * Each word as typed when some catalog word contains it, else the most similar catalog word
 * (trigram similarity over the small `search_words` vocabulary), else as typed. Words under
 * three characters are too short to correct. One round trip for the whole query.
 */
async function correctSpelling(db: Database, words: string[]): Promise<string[]> {
  const correctable = words.filter((word) => word.length >= 3);
  if (correctable.length === 0) return words;
  const typed = sql.join(
    correctable.map((word) => sql`(${word}, ${containing(word)})`),
    sql`, `,
  );
  const rows = await db
    .select({
      typed: sql<string>`typed`,
      corrected: sql<string | null>`case
        when exists (select from ${searchWords} where ${searchWords.word} like pattern) then typed
        else (select ${searchWords.word} from ${searchWords} where ${searchWords.word} % typed
              order by ${searchWords.word} <-> typed, ${searchWords.word} limit 1)
      end`,
    })
    .from(sql`(values ${typed}) as query(typed, pattern)`);
  const correction = new Map(rows.map((row) => [row.typed, row.corrected ?? row.typed]));
  return words.map((word) => correction.get(word) ?? word);
}

function ordering(query: SearchQuery, words: string[]): SQL[] {
  if (query.sort === "relevance" && words.length) return [desc(inName(words)), asc(products.id)];
  return listingOrder(query.sort);
}

/** Whether every word is in the product's name: the relevance rank. */
function inName(words: string[]): SQL {
  return sql`(${sql.join(
    words.map((word) => sql`${products.name} ilike ${containing(word)}`),
    sql` and `,
  )})`;
}

/** A LIKE pattern matching text literally anywhere (its own % and _ escaped). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * After catalog writes: rebuilds the search vocabulary, and refreshes the planner's statistics
 * so that it picks the trigram index for rare words (embedded PostgreSQL runs no autovacuum).
 */
export async function refreshSearchData(db: Database): Promise<void> {
  await db.refreshMaterializedView(searchWords);
  await db.execute(sql`analyze ${products}`);
}
