import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import { listenForCacheChanges, productTag, type CacheTag } from "@/lib/cache/changes";
import type { Connection, Database } from "@/lib/db";
import { notifications, orders, outbox, payments, user } from "@/lib/db/schema";
import { withTestConnection } from "@/lib/testing/db";
import { createProduct, createUser, guest } from "@/lib/testing/fixtures";
import { invoiceLabels, invoicePathOf } from "@/lib/invoices/labels";
import { orderLinkUrl } from "./order-link";
import { newIdempotencyKey } from "./order-number";
import { updateOrderStatus } from "./status-changes";
import { placeOrder } from "./place-order";

let db: Database;
let connection: Connection;
withTestConnection((opened) => {
  connection = opened;
  db = opened.db;
});

const staffMember = { id: null, label: "staff@kijanithreads.test" };

const delivery = {
  fullName: "Achieng Otieno",
  phone: "0712345678",
  email: "achieng@example.com",
  county: "Kisumu",
  town: "Kisumu",
  street: "Oginga Odinga Street",
};

async function order(owner: CartOwner, stock = 5) {
  const { variantIds } = await createProduct(db, [{ stock }]);
  await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
  return placeOrder(db, { cartOwner: owner, delivery, idempotencyKey: newIdempotencyKey() });
}

const orderId = async (number: string) =>
  (await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)))[0]?.id;

const mailsAbout = (number: string) =>
  db
    .select()
    .from(outbox)
    .where(like(outbox.key, `%:${number}%`));

describe(`order events (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("queues the confirmation e-mail with the order, once, even when the same checkout is sent again", async () => {
    const buyer = guest();
    const { variantIds } = await createProduct(db, [{ stock: 5 }]);
    await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
    const key = newIdempotencyKey();
    const first = await placeOrder(db, { cartOwner: buyer, delivery, idempotencyKey: key });
    const again = await placeOrder(db, { cartOwner: buyer, delivery, idempotencyKey: key });
    if (!first.ok || !again.ok) throw new Error("not placed");
    const mails = await mailsAbout(first.order.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ key: `order-placed:${first.order.number}`, kind: "email", sentAt: null });
    expect(mails[0].payload).toMatchObject({ to: delivery.email, subject: expect.stringContaining(first.order.number) });
  });

  it("writes nothing from the form to an address never known; an earlier paid order or a verified account makes it known", async () => {
    const stranger = {
      ...delivery,
      fullName: "Your account is locked - call +254700000000 now",
      email: `${newIdempotencyKey()}@example.com`,
    };
    const place = async (owner: CartOwner, email = stranger.email) => {
      const { variantIds } = await createProduct(db, [{ stock: 5 }]);
      await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
      const placed = await placeOrder(db, {
        cartOwner: owner,
        delivery: { ...stranger, email },
        idempotencyKey: newIdempotencyKey(),
      });
      if (!placed.ok) throw new Error("not placed");
      return placed.order.number;
    };
    const textOf = async (number: string, kind = "order-placed") => {
      const [mail] = (await mailsAbout(number)).filter((row) => row.key.startsWith(kind));
      return (mail.payload as { text: string }).text;
    };
    const first = await place(guest());
    expect(await textOf(first)).not.toContain("locked");
    expect(await textOf(first)).toContain(first);
    await updateOrderStatus(db, { number: first, status: "cancelled", note: "Test", actor: staffMember });
    expect(await textOf(first, "order-status")).not.toContain("locked");
    // The same address again: an earlier order that was never paid nor delivered proves nothing.
    const second = await place(guest());
    expect(await textOf(second)).not.toContain("locked");
    // Once an order to it was paid, the address is the buyer's, so it reads the whole order.
    await db
      .update(payments)
      .set({ status: "paid", paidAt: new Date() })
      .where(eq(payments.orderId, (await orderId(second))!));
    const third = await place(guest());
    expect(await textOf(third)).toContain("Hello Your account is locked");
    // So does an earlier order that was delivered (paid on delivery is settled later).
    const otherEmail = `${newIdempotencyKey()}@example.com`;
    const delivered = await place(guest(), otherEmail);
    await db.update(orders).set({ status: "delivered" }).where(eq(orders.number, delivered));
    expect(await textOf(await place(guest(), otherEmail))).toContain("Hello Your account is locked");
    // An account proves the address only once it is verified: anybody can sign up with any address.
    const accountId = await createUser(db);
    const [{ email: accountEmail }] = await db.select({ email: user.email }).from(user).where(eq(user.id, accountId));
    expect(await textOf(await place(guest(), accountEmail))).not.toContain("locked");
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, accountId));
    expect(await textOf(await place(guest(), accountEmail))).toContain("Hello Your account is locked");
  });

  it("links every order e-mail to the order's signed link", async () => {
    const placed = await order(guest());
    if (!placed.ok) throw new Error("not placed");
    await updateOrderStatus(db, { number: placed.order.number, status: "cancelled", note: "Test", actor: staffMember });
    const texts = (await mailsAbout(placed.order.number)).map((mail) => (mail.payload as { text: string }).text);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain(orderLinkUrl(placed.order));
  });

  it("links the tax invoice from the e-mails sent once the order is a sale: delivered and paid on delivery", async () => {
    const placed = await order(guest());
    if (!placed.ok) throw new Error("not placed");
    const { number } = placed.order;
    for (const status of ["confirmed", "dispatched", "delivered"] as const) {
      await updateOrderStatus(db, { number, status, actor: staffMember });
    }
    const texts = (await mailsAbout(number)).map((mail) => [mail.key, (mail.payload as { text: string }).text] as const);
    const invoiceLink = `${invoiceLabels.link}: ${invoicePathOf(orderLinkUrl(placed.order))}`;
    expect(invoicePathOf(orderLinkUrl(placed.order))).toMatch(/\/orders\/KT-[A-Z0-9]+\/invoice\?key=/);
    for (const [key, text] of texts) {
      if (key.includes(":delivered:")) expect(text).toContain(invoiceLink);
      else expect(text).not.toContain(invoiceLabels.link);
    }
    expect(texts.filter(([, text]) => text.includes(invoiceLink))).toHaveLength(1);
  });

  it("queues nothing for a refused order", async () => {
    const before = await db.$count(outbox);
    const { variantIds } = await createProduct(db, [{ stock: 1 }]);
    const buyer = guest();
    await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
    await placeOrder(db, { cartOwner: buyer, delivery: { ...delivery, phone: "12" }, idempotencyKey: newIdempotencyKey() });
    expect(await db.$count(outbox)).toBe(before);
  });

  it("tells the shopper of every status change: a bell for account holders, an e-mail for everyone", async () => {
    const user = await createUser(db);
    const placed = await order({ userId: user });
    if (!placed.ok) throw new Error("not placed");
    const { number } = placed.order;
    for (const status of ["confirmed", "dispatched", "delivered"] as const) {
      expect((await updateOrderStatus(db, { number, status, actor: staffMember })).ok).toBe(true);
    }
    const subjects = (await mailsAbout(number)).map((mail) => (mail.payload as { subject: string }).subject);
    expect(subjects).toEqual([
      expect.stringMatching(/order/i),
      `Your order ${number} is confirmed`,
      `Your order ${number} is on its way`,
      `Your order ${number} has been delivered`,
    ]);
    const bell = await db.select().from(notifications).where(eq(notifications.userId, user));
    expect(bell.map((entry) => entry.title)).toEqual(
      expect.arrayContaining([`Order ${number}: Confirmed`, `Order ${number}: On its way`, `Order ${number}: Delivered`]),
    );

    const guestOrder = await order(guest());
    if (!guestOrder.ok) throw new Error("not placed");
    await updateOrderStatus(db, {
      number: guestOrder.order.number,
      status: "cancelled",
      actor: staffMember,
      note: "Out of stock at the warehouse",
    });
    const guestMails = await mailsAbout(guestOrder.order.number);
    expect(guestMails.map((mail) => (mail.payload as { subject: string }).subject)).toContain(
      `Your order ${guestOrder.order.number} has been cancelled`,
    );
  });

  it("announces the pages an order made stale when it commits, and nothing for a refused one", async () => {
    const heard: CacheTag[][] = [];
    const stop = listenForCacheChanges(connection, async (tags) => void heard.push(tags));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // The server-side LISTEN is in place.
      const refused = await order(guest(), 0);
      expect(refused.ok).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
      const placed = await order(guest());
      if (!placed.ok) throw new Error("not placed");
      // 5 → 4 left: the product's page changed, and its card already said 'Low stock'.
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([[productTag(placed.order.lines[0].productSlug)]]);
    } finally {
      await stop();
    }
  });
});
