/**
 * The catalog's schema.org structured data besides the product's own (components/catalog/ProductJsonLd.tsx):
 * breadcrumbs, a listing's page, and whom a kids' product is for. Pure: the pages render it as JSON-LD.
 */
import { ageGroupOf, type SizedCategory } from "./sizes";

/** A step of a page's breadcrumb: the last one, the page itself, has no link. */
export type Crumb = { label: string; href?: string };

/** A BreadcrumbList with the same steps as the page's breadcrumb, each linked step by its absolute URL. */
export function breadcrumbList(crumbs: Crumb[], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      ...(crumb.href && { item: `${siteUrl}${crumb.href}` }),
    })),
  };
}

/** A listing's page as a CollectionPage whose main entity lists the products it shows, in its order. */
export function collectionPage(
  listing: { title: string; description: string; path: string },
  products: { slug: string; name: string }[],
  siteUrl: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: listing.title,
    description: listing.description,
    url: `${siteUrl}${listing.path}`,
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: products.length,
      itemListElement: products.map((product, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: product.name,
        url: `${siteUrl}/products/${product.slug}`,
      })),
    },
  };
}

/** Google's 'kids' age group, in years, for kids' sizes that do not name their ages. */
const kidsYears = { min: 5, max: 13 };

/** A kids' size that names its ages in years: '4-6Y', '10-12Y'. */
const yearsPattern = /^(\d{1,2})-(\d{1,2})Y$/;

/**
 * Whom a product is for, when every size it is sold in is a kids' size (lib/catalog/sizes.ts): a
 * PeopleAudience of the ages its sizes name, else Google's kids' range. Null for anything else.
 */
export function kidsAudience(sizes: string[], category: SizedCategory) {
  if (sizes.length === 0 || !sizes.every((size) => ageGroupOf(category, size) === "kids")) return null;
  const ranges = sizes.map((size) => yearsPattern.exec(size));
  const named = ranges.every((range) => range !== null);
  return {
    "@type": "PeopleAudience",
    suggestedGender: "unisex",
    suggestedAge: {
      "@type": "QuantitativeValue",
      minValue: named ? Math.min(...ranges.map((range) => Number(range[1]))) : kidsYears.min,
      maxValue: named ? Math.max(...ranges.map((range) => Number(range[2]))) : kidsYears.max,
      unitCode: "ANN",
    },
  };
}
