import { ShopLink } from "@/components/ui/ShopLink";
import { browsableListings } from "@/lib/catalog/listing-pages";
import { listShopCategories } from "@/lib/server/catalog-cache";

/**
 * The home page's way into the catalog: a card per category staff show, and all products. Links only,
 * prefetched on intent, so the page loads no more than before until a shopper points at one.
 */
export async function ShopByCategory() {
  const listings = browsableListings(await listShopCategories());
  return (
    <section aria-labelledby="shop-by-category-heading">
      <h2 id="shop-by-category-heading" className="text-2xl font-bold tracking-tight text-stone-900">
        Shop by category
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {listings.map((listing) => (
          <li key={listing.path}>
            <ShopLink
              href={listing.path}
              prefetch="intent"
              className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 hover:border-green-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
            >
              <span className="font-semibold text-green-900 underline-offset-2 hover:underline">{listing.title}</span>
              <span className="mt-1 text-sm leading-relaxed text-stone-700">{listing.description}</span>
            </ShopLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
