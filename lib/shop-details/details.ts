import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { announceCacheChange, cacheTags } from "@/lib/cache/changes";
import type { Database } from "@/lib/db";
import { shopDetails } from "@/lib/db/schema";
import { defaultShopDetails, type ShopDetails } from "@/lib/site";

const columns = {
  phone: shopDetails.phone,
  whatsapp: shopDetails.whatsapp,
  email: shopDetails.email,
  street: shopDetails.street,
  city: shopDetails.city,
  hours: shopDetails.hours,
  instagram: shopDetails.instagram,
  facebook: shopDetails.facebook,
  x: shopDetails.x,
};

/** The shop's details as saved (the migration seeds the row; the defaults only if it was removed by hand). */
export async function findShopDetails(db: Database): Promise<ShopDetails> {
  const [row] = await db.select(columns).from(shopDetails).where(eq(shopDetails.id, 1));
  return row ?? defaultShopDetails;
}

/**
 * Saves the details (already parsed by shopDetailsSchema), recording who did it. Every page and
 * message that shows them (the footer on every page, the Contact page) is expired on every instance
 * once this commits; invoices already issued keep the address they printed.
 */
export async function saveShopDetails(db: Database, details: ShopDetails, actor: Actor): Promise<void> {
  const values = { ...details, updatedAt: new Date(), updatedBy: actor.label };
  await db.transaction(async (tx) => {
    await tx
      .insert(shopDetails)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: shopDetails.id, set: values });
    await announceCacheChange(tx, cacheTags.shopDetails);
  });
}
