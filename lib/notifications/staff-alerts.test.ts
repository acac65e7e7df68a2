import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopper } from "@/lib/auth/actor";
import { formatKsh } from "@/lib/catalog/price";
import type { Database } from "@/lib/db";
import { notifications, outbox, user } from "@/lib/db/schema";
import { orderLimits } from "@/lib/checkout/limits";
import { recordMpesaOutcome } from "@/lib/payments/mpesa/outcome";
import { switchToPayOnDelivery } from "@/lib/payments/mpesa/push";
import { withTestDb } from "@/lib/testing/db";
import { createUser, placeGuestOrder, testDelivery } from "@/lib/testing/fixtures";
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
  it("ring the bell of staff and admins on a new order, and e-mail those who chose it", async () => {
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
      body: `2 items, ${formatKsh(order.total)}, pay on delivery.`,
      link: `/admin/orders/${order.number}`,
    });
    expect(bells.some((bell) => bell.userId === buyer || bell.userId === marketing)).toBe(false);
    const mails = await db
      .select()
      .from(outbox)
      .where(like(outbox.key, `staff-new-order:${order.number}:%`));
    expect(mails.map((mail) => (mail.payload as { to: string }).to)).toEqual([`${staff}@example.com`]);
    expect((mails[0].payload as { text: string }).text).toContain(`/admin/orders/${order.number}`);
  });

  it("ring nothing for an unpaid M-Pesa order, then 'New order' once it is paid", async () => {
    const admin = await member("admin");
    const payment = { method: "mpesa" as const, phone: "254712000111" };
    const order = await placeGuestOrder(db, 1, testDelivery, { payment });
    expect(await bellsAbout(order.number)).toEqual([]);

    const paid = { resultCode: 0, resultDesc: "Paid", amount: order.total, receipt: "SFH7XK2P9Q" };
    expect(await recordMpesaOutcome(db, order.payment.id, paid, shopper)).toBe("paid");
    const bells = await bellsAbout(order.number);
    expect(bells.filter((bell) => bell.userId === admin)).toMatchObject([
      { title: `New order ${order.number}`, body: `1 item, ${formatKsh(order.total)}, paid by M-Pesa.` },
    ]);
  });

  it("gather a burst of new orders from one client address into one bell; other addresses ring their own", async () => {
    const staff = await member("staff");
    const orders = [];
    for (const clientAddress of ["203.0.113.50", "203.0.113.50", "203.0.113.50", "198.51.100.50"]) {
      orders.push((await placeGuestOrder(db, 1, testDelivery, { clientAddress })).number);
    }
    const mine = await db.select().from(notifications).where(eq(notifications.userId, staff)).orderBy(notifications.id);
    expect(mine).toMatchObject([
      {
        title: `3 new orders from one client, from ${orders[0]}`,
        body: expect.stringContaining(`The latest is ${orders[2]}`),
        link: "/admin/orders?status=placed",
        readAt: null,
      },
      { title: `New order ${orders[3]}`, link: `/admin/orders/${orders[3]}` },
    ]);
  });

  it("gather switches from M-Pesa to pay on delivery from one client address into the same burst's bell", async () => {
    const staff = await member("staff");
    const limits = { ...orderLimits(), payOnDeliveryPerAddress: 10 };
    const numbers = [];
    for (let index = 0; index < 4; index++) {
      const order = await placeGuestOrder(db, 1, testDelivery, { payment: { method: "mpesa", phone: testDelivery.phone } });
      expect(await switchToPayOnDelivery(db, order.id, { clientAddress: "203.0.113.60", limits })).toEqual({ ok: true });
      numbers.push(order.number);
    }
    const mine = await db.select().from(notifications).where(eq(notifications.userId, staff));
    expect(mine).toMatchObject([{ title: `4 new orders from one client, from ${numbers[0]}`, readAt: null }]);
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
