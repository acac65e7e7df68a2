import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopper } from "@/lib/auth/actor";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { notifications, outbox, user } from "@/lib/db/schema";
import { paymentReceived } from "@/lib/orders/events";
import { withTestDb } from "@/lib/testing/db";
import { createUser, placeGuestOrder } from "@/lib/testing/fixtures";
import { setNewOrderEmails, wantsNewOrderEmails } from "./staff-alerts";

let db: Database;
withTestDb((opened) => (db = opened));

async function member(role: string | null) {
  const id = await createUser(db);
  await db.update(user).set({ role }).where(eq(user.id, id));
  return id;
}

const bellsAbout = (number: string) =>
  db
    .select()
    .from(notifications)
    .where(like(notifications.title, `%${number}%`));

describe(`staff alerts (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("ring the bell of staff and admins on a new order and on a payment, and e-mail those who chose it", async () => {
    const [admin, staff, both, marketing, buyer] = [
      await member("admin"),
      await member("staff"),
      await member("marketing,staff"),
      await member("marketing"),
      await member(null),
    ];
    await setNewOrderEmails(db, staff, true);
    await setNewOrderEmails(db, marketing, true);
    const order = await placeGuestOrder(db, 2);

    const bells = await bellsAbout(order.number);
    expect(bells.map((bell) => bell.userId).sort()).toEqual([admin, staff, both].sort());
    expect(bells[0]).toMatchObject({
      title: `New order ${order.number}`,
      body: `2 items, ${formatKsh(order.total)}, pay on delivery, to confirm.`,
      link: `/admin/orders/${order.number}`,
    });
    expect(bells.some((bell) => bell.userId === buyer || bell.userId === marketing)).toBe(false);
    const mails = await db
      .select()
      .from(outbox)
      .where(like(outbox.key, `staff-new-order:${order.number}:%`));
    expect(mails.map((mail) => (mail.payload as { to: string }).to)).toEqual([`${staff}@example.com`]);
    expect((mails[0].payload as { text: string }).text).toContain(`/admin/orders/${order.number}`);

    await db.transaction((tx) =>
      paymentReceived(tx, {
        order: { ...order, userId: null },
        amount: order.total,
        receipt: "SFH7XK2P9Q",
        refundDue: false,
        actor: shopper,
      }),
    );
    const paid = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin), eq(notifications.title, `Order ${order.number} paid`)));
    expect(paid).toHaveLength(1);
    expect(paid[0].link).toBe(`/admin/orders/${order.number}`);
  });

  it("keep each member's choice of new-order e-mails, off by default", async () => {
    const staff = await member("staff");
    expect(await wantsNewOrderEmails(db, staff)).toBe(false);
    await setNewOrderEmails(db, staff, true);
    expect(await wantsNewOrderEmails(db, staff)).toBe(true);
    await setNewOrderEmails(db, staff, false);
    expect(await wantsNewOrderEmails(db, staff)).toBe(false);
  });
});
