import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { orderHistory, outbox } from "@/lib/db/schema";
import { orderLinkUrl } from "@/lib/orders/order-link";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder, receiveReturnOfOneUnit } from "@/lib/testing/fixtures";
import { askForReviews, reviewAskKey } from "./ask";

let db: Database;
withTestDb((opened) => (db = opened));

const staff = { id: null, label: "staff@kijanithreads.test" };
const days = 5;
const dayMs = 86_400_000;

/** A guest's order taken to `status`, with its history moved `ageDays` back. */
async function order(status: "delivered" | "cancelled", ageDays: number) {
  const placed = await placeGuestOrder(db);
  const steps = status === "delivered" ? ["confirmed", "dispatched", "delivered"] : ["cancelled"];
  for (const step of steps) await updateOrderStatus(db, { number: placed.number, status: step, actor: staff });
  await db
    .update(orderHistory)
    .set({ at: new Date(Date.now() - ageDays * dayMs) })
    .where(eq(orderHistory.orderId, placed.id));
  return placed;
}

describe("asking for reviews", () => {
  it("asks once, by e-mail with the order's signed link, after REVIEW_ASK_DAYS; never too early, cancelled or returned", async () => {
    const due = await order("delivered", days + 1);
    const early = await order("delivered", days - 1);
    const tooOld = await order("delivered", days + 30);
    const cancelled = await order("cancelled", days + 1);
    const returned = await order("delivered", days + 1);
    await receiveReturnOfOneUnit(db, returned.id, staff);

    const { asked } = await askForReviews(db, { days });
    expect(asked).toContain(due.number);
    for (const skipped of [early, tooOld, cancelled, returned]) expect(asked).not.toContain(skipped.number);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.key, reviewAskKey(due.number)));
    expect((mail.payload as { text: string }).text).toContain(`${orderLinkUrl(due)}#reviews`);

    expect((await askForReviews(db, { days })).asked).not.toContain(due.number);
    expect(
      await db
        .select()
        .from(outbox)
        .where(like(outbox.key, `%review-ask:${due.number}`)),
    ).toHaveLength(1);
  });
});
