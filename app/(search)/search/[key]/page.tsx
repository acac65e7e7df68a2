import type { Metadata } from "next";
import { SearchResults, searchTitle } from "@/components/catalog/SearchResults";
import { ShopFrame } from "@/components/layout/ShopFrame";
import { getSearchResults, listShopCategories } from "@/lib/server/catalog-cache";
import { shownCategories } from "@/lib/catalog/categories";
import { parseSearchKey, withShownCategory, type SearchQuery } from "@/lib/catalog/search-params";

// /search?… is rewritten here by proxy.ts, one path per normalised query: each search renders on
// its first visit, then is served from the cache until the catalog changes. The page renders the
// shop's frame itself (hence its own route group) so that the header's form shows the query.
type Props = { params: Promise<{ key: string }> };

export const generateStaticParams = async () => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return {
    title: searchTitle(...(await readQuery(params))),
    description: "Search Kijani Threads' hoodies, t-shirts and recycled trash bags.",
    robots: { index: false, follow: true },
  };
}

export default async function SearchPage({ params }: Props) {
  const [query, categories] = await readQuery(params);
  return (
    <ShopFrame search={query}>
      <SearchResults query={query} result={await getSearchResults(query)} categories={categories} />
    </ShopFrame>
  );
}

/** The page's query, its category one of the shown categories or all of them, and those categories. */
async function readQuery(params: Props["params"]) {
  const categories = shownCategories(await listShopCategories());
  return [withShownCategory(parseSearchKey((await params).key), categories), categories] as [SearchQuery, typeof categories];
}
