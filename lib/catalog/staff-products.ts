import "server-only";
/**
 * The back office's view of the catalog: the product list with its filters (parsed once from the
 * URL into filters that are always valid), and one product with everything its page edits.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql } from "drizzle-orm";
import { backOfficeSections } from "@/lib/admin/sections";
import type { Database } from "@/lib/db";
import { productHistory, products, variants } from "@/lib/db/schema";
import { productStatuses, type ProductStatus } from "@/lib/db/values";
import type { CategorySlug } from "./categories";
import { isSlug } from "@/lib/core/slugs";
import { clampWholeNumber, parseWholeNumber } from "@/lib/core/whole-number";

export const staffProductsPageSize = 25;
const maxQueryLength = 80;
const maxPage = 10_000;

export type ProductFilters = {
  q: string;
  category: CategorySlug | "all";
  status: ProductStatus | "all";
  page: number;
};

export const defaultProductFilters: ProductFilters = { q: "", category: "all", status: "all", page: 1 };

export function parseProductFilters(params: Record<string, string | string[] | undefined>): ProductFilters {
  const get = (name: string) => {
    const value = params[name];
    return (Array.isArray(value) ? value[0] : value) ?? "";
  };
  // A slug of the right shape; one no category has lists nothing.
  const category = isSlug(get("category")) ? get("category") : "all";
  const status = productStatuses.find((known) => known === get("status")) ?? "all";
  const q = Array.from(
    get("q")
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  )
    .slice(0, maxQueryLength)
    .join("");
  const page = clampWholeNumber(get("page"), { min: 1, max: maxPage }, 1);
  return { q, category, status, page };
}

/** The list's URL for these filters, defaults left out. */
export function staffProductsHref(filters: Partial<ProductFilters> = {}): string {
  const { q, category, status, page } = { ...defaultProductFilters, ...filters };
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category !== "all") params.set("category", category);
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${backOfficeSections.products.path}?${search}` : backOfficeSections.products.path;
}

export const staffProductPath = (id: number) => `${backOfficeSections.products.path}/${id}`;
export const newProductPath = `${backOfficeSections.products.path}/new`;

export type StaffProductRow = {
  id: number;
  name: string;
  slug: string;
  category: CategorySlug;
  status: ProductStatus;
  price: number;
  stock: number;
  variantCount: number;
  updatedAt: Date;
};

export type StaffProductList = { rows: StaffProductRow[]; total: number; page: number; pageCount: number };

/** One page of products matching the filters, most recently changed first. */
export async function listProductsForStaff(db: Database, filters: ProductFilters): Promise<StaffProductList> {
  const where = and(
    filters.q ? ilike(products.name, `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`) : undefined,
    filters.category === "all" ? undefined : eq(products.category, filters.category),
    filters.status === "all" ? undefined : eq(products.status, filters.status),
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(total / staffProductsPageSize));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      category: sql<CategorySlug>`${products.category}`,
      status: products.status,
      price: products.price,
      stock: sql<number>`(select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = "products"."id" and v.archived_at is null)`,
      variantCount: sql<number>`(select count(*)::int from variants v where v.product_id = "products"."id" and v.archived_at is null)`,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(staffProductsPageSize)
    .offset((page - 1) * staffProductsPageSize);
  return { rows, total, page, pageCount };
}

export type StaffVariant = typeof variants.$inferSelect;
export type ProductChange = { id: number; at: Date; actorLabel: string; change: string };

export type StaffProduct = {
  id: number;
  name: string;
  slug: string;
  category: CategorySlug;
  status: ProductStatus;
  description: string;
  variants: StaffVariant[];
  archivedVariants: StaffVariant[];
  history: ProductChange[];
};

/** A product as its back-office page edits it, with its live and archived variants and its history, newest first. */
export async function findProductForStaff(db: Database, id: number): Promise<StaffProduct | null> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const [live, archived, history] = await Promise.all([
    db
      .select()
      .from(variants)
      .where(and(eq(variants.productId, id), isNull(variants.archivedAt)))
      .orderBy(asc(variants.id)),
    db
      .select()
      .from(variants)
      .where(and(eq(variants.productId, id), isNotNull(variants.archivedAt)))
      .orderBy(asc(variants.id)),
    db
      .select({
        id: productHistory.id,
        at: productHistory.at,
        actorLabel: productHistory.actorLabel,
        change: productHistory.change,
      })
      .from(productHistory)
      .where(eq(productHistory.productId, id))
      .orderBy(desc(productHistory.id))
      .limit(100),
  ]);
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    category: product.category as CategorySlug,
    status: product.status,
    description: product.description,
    variants: live,
    archivedVariants: archived,
    history,
  };
}

/** A product id from a URL segment, or null. */
export function parseProductId(value: string): number | null {
  return parseWholeNumber(value, { min: 0, max: 999_999_999 });
}
