import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { campaigns, discountCodeHistory, discountCodes } from "@/lib/db/schema";
import type { DiscountCodeInput } from "./code-input";

export type CreateCodeResult = { ok: true; id: number } | { ok: false; error: string };

export const manageCodeMessages = { taken: "That code exists already: choose another." } as const;

/** Creates a code and the first line of its history, in one transaction. */
export async function createDiscountCode(db: Database, input: DiscountCodeInput, actor: Actor): Promise<CreateCodeResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discountCodes)
        .values({
          ...input,
          productIds: input.scope === "products" ? input.productIds : [],
          categories: input.scope === "categories" ? input.categories : [],
        })
        .returning({ id: discountCodes.id });
      await recordChange(tx, row.id, actor, "Created");
      return { ok: true, id: row.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error, "discount_codes_code_unique")) return { ok: false, error: manageCodeMessages.taken };
    throw error;
  }
}

/** Disables or enables a code; the history says who did it. False when there is no such code. */
export async function setDiscountCodeEnabled(db: Database, id: number, enabled: boolean, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discountCodes)
      .set({ enabled })
      .where(eq(discountCodes.id, id))
      .returning({ id: discountCodes.id });
    if (!row) return false;
    await recordChange(tx, id, actor, enabled ? "Enabled" : "Disabled");
    return true;
  });
}

export type DiscountCodeRow = typeof discountCodes.$inferSelect & { history: (typeof discountCodeHistory.$inferSelect)[] };

/** Every code, newest first, with its uses and its history (oldest change first), for the back office. */
export async function listDiscountCodes(db: Database): Promise<DiscountCodeRow[]> {
  const codes = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  const changes = await db.select().from(discountCodeHistory).orderBy(asc(discountCodeHistory.id));
  return codes.map((code) => ({ ...code, history: changes.filter((change) => change.codeId === code.id) }));
}

/** The campaigns a code may be linked to, by name. */
export function listCampaignChoices(db: Database) {
  return db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).orderBy(asc(campaigns.name));
}

async function recordChange(tx: Database, codeId: number, actor: Actor, change: string) {
  await tx.insert(discountCodeHistory).values({ codeId, actorId: actor.id, actorLabel: actor.label, change });
}
