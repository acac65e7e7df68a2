import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { variants } from "@/lib/db/schema";
import { parseId } from "@/lib/core/ids";

/** What a product page's form posts: the variant its script chose, and the option radios. */
export type VariantChoice = { variantId: unknown; colour?: unknown; size?: unknown; packSize?: unknown };

/**
 * The variant a product form chose. Without JavaScript the hidden `variantId` keeps the page's
 * first option, so the posted options pick the variant of the same product; with none posted,
 * `variantId` stands. Null when the product has no variant with those options.
 */
export async function chosenVariantId(db: Database, choice: VariantChoice): Promise<unknown> {
  const options = optionConditions(choice);
  if (options.length === 0) return choice.variantId;
  const productVariant = parseId(choice.variantId);
  if (productVariant === null || options.includes(null)) return null;
  const base = alias(variants, "base");
  const [variant] = await db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(base, eq(base.productId, variants.productId))
    .where(and(eq(base.id, productVariant), ...(options as SQL[])))
    .limit(1);
  return variant?.id ?? null;
}

/** One condition per posted option; null for a pack size that is not a number. */
function optionConditions({ colour, size, packSize }: VariantChoice): (SQL | null)[] {
  const conditions: (SQL | null)[] = [];
  if (typeof colour === "string") conditions.push(eq(variants.colour, colour));
  if (typeof size === "string") conditions.push(eq(variants.size, size));
  if (typeof packSize === "string") {
    const pack = parseId(packSize);
    conditions.push(pack === null ? null : eq(variants.packSize, pack));
  }
  return conditions;
}
