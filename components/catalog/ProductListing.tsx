import { JsonLd } from "@/components/layout/JsonLd";
import { ShareMenu } from "@/components/marketing/ShareMenu";
import type { CatalogPage } from "@/lib/catalog/listing";
import type { ListingPage } from "@/lib/catalog/listing-pages";
import { listingHref, type ListingQuery } from "@/lib/catalog/search-params";
import { collectionPage } from "@/lib/catalog/structured-data";
import { site } from "@/lib/site";
import { Breadcrumbs } from "./Breadcrumbs";
import { CatalogFilters } from "./CatalogFilters";
import { Pagination } from "./Pagination";
import { ProductGrid } from "./ProductGrid";
import { ResultCount } from "./ResultCount";

/** A category page or the page of all products: its filters beside one page of its products, also as a CollectionPage. */
export function ProductListing({ listing, query, result }: { listing: ListingPage; query: ListingQuery; result: CatalogPage }) {
  const shown: ListingQuery = { ...query, ...result.filters, page: result.page };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <JsonLd data={collectionPage(listing, result.products, site.url)} />
      <Breadcrumbs crumbs={[{ label: "Home", href: "/" }, { label: listing.title }]} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900">{listing.title}</h1>
      <ResultCount total={result.total} page={result.page} pageCount={result.pageCount} className="mb-5 mt-1 text-stone-700" />
      <ShareMenu path={listing.path} title={listing.title} />
      <div className="mt-4 flex flex-col gap-6 md:flex-row">
        <aside aria-label="Filters" className="md:w-52 md:shrink-0">
          <CatalogFilters
            action={listing.path}
            query={shown}
            options={result}
            sortLabel="listingLabel"
            href={(filters) => listingHref(listing.path, filters)}
          />
        </aside>
        <div className="min-w-0 flex-1">
          {/* The cards are h3s: a heading between them and the page's h1 keeps the outline in order. */}
          <h2 className="sr-only">Products</h2>
          {result.total > 0 ? (
            <ProductGrid products={result.products} label={listing.title} />
          ) : (
            <p className="rounded-lg border border-stone-200 bg-white p-6 text-stone-800">No products match these filters.</p>
          )}
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            href={(page) => listingHref(listing.path, { ...shown, page })}
          />
        </div>
      </div>
    </div>
  );
}
