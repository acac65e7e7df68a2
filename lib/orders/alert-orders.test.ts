import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { backInStockRequests, checkoutReminders, outbox } from "@/lib/db/schema";
import type { ShopperContact } from "@/lib/db/values";
import { withTestDb } from "@/lib/testing/db";
import { createProduct } from "@/lib/testing/fixtures";
import { insertOrders } from "@/lib/testing/orders";
import { ordersAfterAlerts } from "./alert-orders";

let db: Database;
withTestDb((opened) => (db = opened));

// Days of its own (2034); every order totals 1000 + 200 = KSh 1,200.
const at = (date: string) => new Date(`${date}T12:00:00+03:00`);
const paid = (date: string) => [{ method: "mpesa" as const, status: "paid" as const, paidAt: at(date) }];

/** A request done at `doneAt`; `sent`: its alert went into the outbox (else it was dropped). */
async function request(contact: ShopperContact, doneAt: Date, sent = true) {
  const { variantIds } = await createProduct(db, [{ stock: 0 }]);
  const [row] = await db
    .insert(backInStockRequests)
    .values({ variantId: variantIds[0], ...contact, doneAt })
    .returning({ id: backInStockRequests.id });
  if (sent) await db.insert(outbox).values({ key: `back-in-stock:${row.id}`, kind: "email", payload: {} });
}

describe("orders won back by a back-in-stock alert", () => {
  it("counts orders from the alerted phone or e-mail address within 7 days after it, with their revenue", async () => {
    await request({ contact: "+254733000001", channel: "sms" }, at("2034-01-10"));
    await request({ contact: "won-back@example.com", channel: "email" }, at("2034-01-10"));
    await request({ contact: "+254733000002", channel: "sms" }, at("2034-01-10"), false);
    await insertOrders(db, [
      { createdAt: at("2034-01-12"), phone: "+254733000001", payments: paid("2034-01-12") },
      { createdAt: at("2034-01-16"), phone: "+254733000009", email: "Won-Back@example.com" },
      { createdAt: at("2034-01-09"), phone: "+254733000001", payments: paid("2034-01-09") }, // before the alert
      { createdAt: at("2034-01-18"), phone: "+254733000001", payments: paid("2034-01-18") }, // 8 days after
      { createdAt: at("2034-01-12"), phone: "+254733000002", payments: paid("2034-01-12") }, // dropped, never sent
      { createdAt: at("2034-01-12"), phone: "+254733000003", payments: paid("2034-01-12") }, // never asked
    ]);
    const span = { start: at("2034-01-01"), end: at("2034-02-01") };
    expect(await ordersAfterAlerts(db, span)).toEqual({ orders: 2, revenue: 1200 });
    expect(await ordersAfterAlerts(db, { start: at("2034-01-13"), end: at("2034-02-01") })).toEqual({ orders: 1, revenue: 0 });
  });
});

describe("orders won back by an unfinished checkout's reminder", () => {
  it("counts orders from the checkout's phone or e-mail address within 7 days after its reminder was queued", async () => {
    const remind = async (contact: { phone?: string; email?: string }, sent = true) => {
      const [row] = await db
        .insert(checkoutReminders)
        .values({ ...contact, doneAt: at("2035-05-10"), outcome: sent ? "sent" : "no_consent" })
        .returning({ id: checkoutReminders.id });
      if (sent) await db.insert(outbox).values({ key: `checkout-reminder:${row.id}`, kind: "sms", payload: {} });
    };
    await remind({ phone: "+254733100001", email: "reminded@example.com" });
    await remind({ phone: "+254733100002" }, false);
    await insertOrders(db, [
      { createdAt: at("2035-05-11"), phone: "+254733100001", payments: paid("2035-05-11") },
      { createdAt: at("2035-05-12"), phone: "+254733100009", email: "Reminded@example.com" },
      { createdAt: at("2035-05-09"), phone: "+254733100001" }, // before the reminder
      { createdAt: at("2035-05-18"), phone: "+254733100001" }, // 8 days after
      { createdAt: at("2035-05-11"), phone: "+254733100002" }, // never reminded
    ]);
    expect(await ordersAfterAlerts(db, { start: at("2035-05-01"), end: at("2035-06-01") })).toEqual({
      orders: 2,
      revenue: 1200,
    });
  });
});
