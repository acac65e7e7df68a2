import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { discountCodeHistory, discountCodes } from "@/lib/db/schema";
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

/** Every code, newest first, with its uses, for the back office. */
export function listDiscountCodes(db: Database) {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
}

/** Every code's changes, oldest first. */
export function discountCodeHistoryOf(db: Database) {
  return db.select().from(discountCodeHistory).orderBy(asc(discountCodeHistory.id));
}

async function recordChange(tx: Database, codeId: number, actor: Actor, change: string) {
  await tx.insert(discountCodeHistory).values({ codeId, actorId: actor.id, actorLabel: actor.label, change });
}
