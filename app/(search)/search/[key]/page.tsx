import type { Metadata } from "next";
import { SearchResults, searchTitle } from "@/components/catalog/SearchResults";
import { ShopFrame } from "@/components/layout/ShopFrame";
import { getSearchResults } from "@/lib/server/catalog-cache";
import { parseSearchKey } from "@/lib/catalog/search-params";

// /search?… is rewritten here by proxy.ts, one path per normalised query: each search renders on
// its first visit, then is served from the cache until the catalog changes. The page renders the
// shop's frame itself (hence its own route group) so that the header's form shows the query.
type Props = { params: Promise<{ key: string }> };

export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return {
    title: searchTitle(parseSearchKey((await params).key)),
    description: "Search Kijani Threads' hoodies, t-shirts and recycled trash bags.",
    robots: { index: false, follow: true },
  };
}

export default async function SearchPage({ params }: Props) {
  const query = parseSearchKey((await params).key);
  return (
    <ShopFrame search={query}>
      <SearchResults query={query} result={await getSearchResults(query)} />
    </ShopFrame>
  );
}
