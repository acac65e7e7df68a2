import type { Metadata } from "next";
import { SearchParamsSync } from "@/components/catalog/SearchParamsSync";
import { SearchResults, searchTitle } from "@/components/catalog/SearchResults";
import { getSearchResults } from "@/lib/server/catalog-cache";
import { parseSearchParams } from "@/lib/catalog/search-params";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return {
    title: searchTitle(parseSearchParams(await searchParams)),
    description: "Search Kijani Threads' hoodies, t-shirts and recycled trash bags.",
    robots: { index: false, follow: true },
  };
}

export default async function SearchPage({ searchParams }: Props) {
  const query = parseSearchParams(await searchParams);
  const result = await getSearchResults(query);
  return (
    <>
      <SearchParamsSync q={query.q} category={query.category} />
      <SearchResults query={query} result={result} />
    </>
  );
}
