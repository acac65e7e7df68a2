/**
 * What the shopping feeds (Google Merchant Center, Meta's catalog) list: one entry per variant on
 * sale, with the rules that leave a product out. Pure: the routes read the catalog and format.
 */
import type { CategorySlug } from "@/lib/catalog/categories";
import { ageGroupOf, type AgeGroup, type SizedCategory } from "@/lib/catalog/sizes";
import { packLabel, variantLabel, variantPath } from "@/lib/core/variant-label";
import type { County } from "@/lib/checkout/counties";
import type { DeliveryRate } from "@/lib/checkout/delivery";
import { jpegRenditionUrl } from "@/lib/photos/urls";
import { site } from "@/lib/site";
import type { CategoryKind } from "@/lib/db/values";
import { feedCategoryOf } from "./taxonomy";

export type FeedProduct = {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: CategorySlug;
  categoryKind: CategoryKind;
  /** Its category's size lists: whom each size is cut for. */
  categorySizes: SizedCategory;
  /** Uploaded photos in staff's order: the content key and the original's width. */
  photos: { key: string; width: number }[];
  /** The seed's drawings (SVG paths under /images/products), used when there is no photo. */
  drawings: string[];
  variants: { id: number; size: string | null; colour: string | null; packSize: number | null; price: number; stock: number }[];
};

export type FeedSource = "google" | "meta";

export type FeedEntry = {
  /** The variant's id: stable, and the SKU of the product page's structured data. */
  id: string;
  groupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** Whole KSh. */
  price: number;
  brand: string;
  googleCategory: string;
  /** Apparel's size, or a pack's ('Pack of 20'): Google requires the variants of one item group to differ in one attribute. */
  size: string | null;
  colour: string | null;
  /** Apparel only (null otherwise): cut for any gender, for kids or adults as the category lists the size. */
  ageGroup: AgeGroup | null;
};

/** Why a product is missing from the feeds, as the back office says it. */
export const feedMessages = {
  noPicture: "No photo: upload one (the feeds need a picture of the product).",
  noDescription: "No description: the feeds require one.",
  noVariant: "No variant on sale.",
} as const;

export type FeedExclusion = { productId: number; name: string; reason: string };

/** The feeds' delivery line: a fee, and the service's name. */
export type FeedShipping = { country: "KE"; service: string; fee: number };

/** The service's name in the feeds: one line for the whole country. */
export const feedShippingService = "Delivery in Kenya";

/**
 * The feeds' delivery for Kenya, from the counties' rates: one line at the highest fee. Google and
 * Meta take a shipping cost per region in a few countries only, and Kenya's counties are not among
 * them; a whole-country line at a lower fee would show that fee to every shopper (issue 44).
 */
export function feedShipping(rates: Partial<Record<County, DeliveryRate>>): FeedShipping[] {
  const fees = Object.values(rates).map((rate) => rate.fee);
  return fees.length === 0 ? [] : [{ country: "KE", service: feedShippingService, fee: Math.max(...fees) }];
}

/** A variant's id in the feeds, and its SKU in the product page's structured data: the same on both. */
export const variantSku = (variantId: number) => String(variantId);

/** '3499.00 KES', as both feeds write prices. */
export const feedPrice = (shillings: number) => `${shillings}.00 KES`;

/** The entries of every listable product, and the products left out with the reason. */
export function feedEntries(
  catalog: FeedProduct[],
  siteUrl: string,
  source: FeedSource,
): { entries: FeedEntry[]; excluded: FeedExclusion[] } {
  const entries: FeedEntry[] = [];
  const excluded: FeedExclusion[] = [];
  for (const product of catalog) {
    const reason = exclusionReason(product);
    if (reason) excluded.push({ productId: product.id, name: product.name, reason });
    else entries.push(...productEntries(product, siteUrl, source));
  }
  return { entries, excluded };
}

function exclusionReason(product: FeedProduct): string | null {
  if (product.photos.length === 0 && product.drawings.length === 0) return feedMessages.noPicture;
  if (product.description.trim() === "") return feedMessages.noDescription;
  if (product.variants.length === 0) return feedMessages.noVariant;
  return null;
}

function productEntries(product: FeedProduct, siteUrl: string, source: FeedSource): FeedEntry[] {
  const [imageLink, ...additionalImageLinks] = pictureLinks(product, siteUrl);
  const { googleCategory, apparel } = feedCategoryOf(product.category, product.categoryKind);
  return product.variants.map((variant) => {
    const label = variantLabel(variant);
    const campaign = new URLSearchParams({ utm_source: source, utm_medium: "product_feed" });
    return {
      id: variantSku(variant.id),
      groupId: `product-${product.id}`,
      title: label ? `${product.name} (${label})` : product.name,
      description: product.description.trim(),
      link: `${siteUrl}${variantPath(product.slug, variant.id)}&${campaign}`,
      imageLink,
      additionalImageLinks,
      inStock: variant.stock > 0,
      price: variant.price,
      brand: site.name,
      googleCategory,
      size: feedSize(variant, apparel),
      colour: apparel ? variant.colour : null,
      ageGroup: apparel ? (ageGroupOf(product.categorySizes, variant.size ?? "") ?? "adult") : null,
    };
  });
}

/** Apparel's size; for other goods their pack size, the one attribute in which a product's packs differ. */
function feedSize(variant: FeedProduct["variants"][number], apparel: boolean): string | null {
  if (apparel) return variant.size;
  return variant.packSize === null ? null : packLabel(variant.packSize);
}

/** Raster pictures only, largest first: each photo's largest JPEG rendition, else the drawings' PNG copies. */
function pictureLinks(product: FeedProduct, siteUrl: string): string[] {
  if (product.photos.length > 0) return product.photos.map((photo) => `${siteUrl}${jpegRenditionUrl(photo.key, photo.width)}`);
  return product.drawings.map((drawing) => `${siteUrl}${drawing.replace(/\.svg$/, ".png")}`);
}
