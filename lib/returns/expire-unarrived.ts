import "server-only";
import { and, eq, lte, sql } from "drizzle-orm";
import { theShop } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { returns } from "@/lib/db/schema";
import { declineReturn } from "./staff-steps";

/** How long an approved return has to arrive, from the shop's settings. */
export const arrivalWindowDays = () => env().RETURN_ARRIVAL_DAYS;

/**
 * Declines every approved return that has not arrived within the window, so that stock held for
 * its exchange goes back on sale: each one like a decline by the shop, the shopper told (bell and
 * e-mail). Answers the ids it declined.
 */
export async function expireUnarrivedReturns(db: Database, days = arrivalWindowDays()): Promise<number[]> {
  const due = await db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.status, "approved"), lte(returns.updatedAt, sql`now() - make_interval(secs => ${days * 86_400})`)));
  const declined: number[] = [];
  for (const { id } of due) {
    // Staff who mark it received meanwhile win, and it is left alone.
    const step = await declineReturn(db, { returnId: id, actor: theShop, expiredAfterDays: days });
    if (step.ok) declined.push(id);
  }
  return declined;
}
