import "server-only";
import { and, eq } from "drizzle-orm";
import { releaseAttempt, reserveAttempt, throttleKeys, type Throttle } from "@/lib/auth/throttle";
import type { Database } from "@/lib/db";
import { orders } from "@/lib/db/schema";
import type { FindOrderInput } from "./find-order-rules";

/**
 * Tries per window, per order number from one client address (in the throttle's account slot), and
 * per client address across numbers. The number's budget is the address's own, so a stranger's
 * wrong guesses never lock its buyer out.
 */
export const findOrderThrottle: Throttle = { name: "find-order", windowMinutes: 15, perAccount: 5, perAddress: 30 };

export type FindOrderResult =
  | { ok: true; order: { id: number; number: string } }
  | { ok: false; reason: "no_match" }
  | { ok: false; reason: "throttled"; minutes: number };

/**
 * The order whose number and delivery phone both match. Every try counts against the number and
 * the address, and a match gives its try back, so guessing stops at the limit while the buyer
 * who types their own pair is never held up by it.
 */
export async function findOrderByPhone(db: Database, input: FindOrderInput, address: string | null): Promise<FindOrderResult> {
  const keys = throttleKeys(findOrderThrottle, `${input.number} from ${address ?? "anywhere"}`, address);
  const minutes = await reserveAttempt(db, keys);
  if (minutes) return { ok: false, reason: "throttled", minutes };
  const [order] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.number, input.number), eq(orders.phone, input.phone)));
  if (!order) return { ok: false, reason: "no_match" };
  await releaseAttempt(db, keys);
  return { ok: true, order };
}
