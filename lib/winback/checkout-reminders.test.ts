import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { checkoutReminders, orders, outbox, variants } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import {
  checkReminderLink,
  isQuietHour,
  reminderKey,
  reminderLinkPath,
  restoreCart,
  saveUnfinishedCheckout,
  sendCheckoutReminders,
} from "./checkout-reminders";
import { giveConsent, hasConsent, withdrawConsent } from "./consents";

// Texts are only queued here (nothing polls the outbox), so the gateway's address is never called.
vi.stubEnv("AT_API_URL", "http://127.0.0.1:9/never-called");
vi.stubEnv("AT_USERNAME", "sandbox");
vi.stubEnv("AT_API_KEY", "unused");
vi.stubEnv("CHECKOUTS_SAVED_PER_ADDRESS_PER_HOUR", "3");
vi.stubEnv("REMINDERS_PER_ADDRESS_PER_DAY", "2");
vi.stubEnv("REMINDER_EMAILS_PER_DAY", "2");

let db: Database;
withTestDb((opened) => (db = opened));

const minutes = 60;
/** An instant on a Nairobi clock, in days of the tests' own (2035). */
const nairobi = (time: string) => new Date(`2035-03-01T${time}:00+03:00`);
const later = (from: Date, minutesLater: number) => new Date(from.getTime() + minutesLater * 60_000);
const pass = (now: Date) => sendCheckoutReminders(db, { minutes, quietHours: true, now });

let phones = 0;
/** A phone of each test's own (as typed, and as stored). */
function newPhone() {
  const six = String((Math.floor(Math.random() * 1000) * 1000 + ++phones) % 1_000_000).padStart(6, "0");
  return { typed: `0722${six}`, stored: `+254722${six}` };
}

/**
 * A guest's cart of a new product's two variants (one sold out when `soldOut`), left at checkout with
 * a phone and e-mail typed at `savedAt`, with the offers box as given; its reminder's id.
 */
async function leaveCheckout(
  savedAt: Date,
  { consent = true, email = "", soldOut = false, clientAddress = null as string | null } = {},
) {
  const owner = guest();
  const phone = newPhone();
  const { variantIds } = await createProduct(db, [
    { stock: 5, price: 1500 },
    { stock: 3, price: 900 },
  ]);
  await addToCart(db, owner, { variantId: variantIds[0], quantity: 2 });
  await addToCart(db, owner, { variantId: variantIds[1], quantity: 1 });
  if (soldOut) await db.update(variants).set({ stock: 0 }).where(eq(variants.id, variantIds[1]));
  expect(
    await saveUnfinishedCheckout(db, owner, { phone: phone.typed, email, marketingConsent: consent, clientAddress }),
  ).toEqual({
    saved: true,
  });
  const [row] = await db.select().from(checkoutReminders).where(eq(checkoutReminders.phone, phone.stored));
  await db.update(checkoutReminders).set({ createdAt: savedAt, savedAt }).where(eq(checkoutReminders.id, row.id));
  return { id: row.id, owner, phone: phone.stored, variantIds };
}

const reminderOf = async (id: number) => (await db.select().from(checkoutReminders).where(eq(checkoutReminders.id, id)))[0];
const queued = (id: number) =>
  db
    .select()
    .from(outbox)
    .where(eq(outbox.key, reminderKey(id)));

describe("saving an unfinished checkout", () => {
  it("keeps a typed phone or e-mail with the cart; a blank or wrong one keeps what was saved", async () => {
    const owner = guest();
    expect(await saveUnfinishedCheckout(db, owner, { phone: "0722000001", email: "", marketingConsent: false })).toEqual({
      saved: false,
    }); // no cart yet
    const { variantIds } = await createProduct(db, [{ stock: 2 }]);
    await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
    for (const nothing of [
      { phone: "", email: "" },
      { phone: "12", email: "not-an-address" },
      { phone: null, email: 7 },
    ])
      expect(await saveUnfinishedCheckout(db, owner, { ...nothing, marketingConsent: true })).toEqual({ saved: false });

    await saveUnfinishedCheckout(db, owner, { phone: "0722 000 002", email: "", marketingConsent: false });
    await saveUnfinishedCheckout(db, owner, { phone: "", email: "Saved@Example.com", marketingConsent: false });
    const rows = await db.select().from(checkoutReminders).where(eq(checkoutReminders.phone, "+254722000002"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "saved@example.com", doneAt: null });
  });

  it("saves new checkouts, or new phones on one, from one client address up to its hourly limit, and past it saves nothing and gives no consent", async () => {
    const address = "203.0.113.54";
    const carts = await Promise.all(
      [guest(), guest(), guest(), guest()].map(async (owner) => {
        const { variantIds } = await createProduct(db, [{ stock: 2 }]);
        await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
        return owner;
      }),
    );
    const save = (owner: CartOwner, phone: string, clientAddress = address) =>
      saveUnfinishedCheckout(db, owner, { phone, email: "", marketingConsent: true, clientAddress });
    const phones = ["0722540001", "0722540002", "0722540003", "0722540004"];
    expect(await save(carts[0], phones[0])).toEqual({ saved: true });
    expect(await save(carts[0], phones[0])).toEqual({ saved: true }); // the same phone again costs nothing
    expect(await save(carts[1], phones[1])).toEqual({ saved: true });
    expect(await save(carts[1], phones[2])).toEqual({ saved: true }); // a new phone on a saved checkout counts
    expect(await save(carts[2], phones[3])).toEqual({ saved: false });
    expect(await hasConsent(db, ["+254722540004"])).toBe(false);
    expect(await db.select().from(checkoutReminders).where(eq(checkoutReminders.phone, "+254722540004"))).toHaveLength(0);
    expect(await save(carts[3], phones[3], "198.51.100.54")).toEqual({ saved: true });
  });
});

describe("an unfinished checkout's reminder", () => {
  it("goes ABANDONED_CHECKOUT_MINUTES after the last save, by text, naming the cart with its links", async () => {
    const savedAt = nairobi("10:00");
    const { id, phone } = await leaveCheckout(savedAt, { soldOut: true });
    await pass(later(savedAt, minutes - 1));
    expect(await reminderOf(id)).toMatchObject({ doneAt: null });

    // Typing again restarts the clock.
    await db
      .update(checkoutReminders)
      .set({ savedAt: later(savedAt, 30) })
      .where(eq(checkoutReminders.id, id));
    await pass(later(savedAt, minutes + 1));
    expect(await reminderOf(id)).toMatchObject({ doneAt: null });

    await pass(later(savedAt, minutes + 31));
    expect(await reminderOf(id)).toMatchObject({ outcome: "sent", sentTo: phone });
    const [text] = await queued(id);
    const { message } = text.payload as { to: string; message: string };
    expect(text.kind).toBe("sms");
    expect(message).toMatch(/: your cart is waiting: 2 x .+, .+ \(sold out\)\. Finish your order: /);
    expect(message).toContain(`${reminderLinkPath}/${id}/`);
    expect(message).toMatch(/Stop offers: \S+\/stop\/\d+\/\S{11}$/);
  });

  it("waits through Nairobi's quiet hours, from 21:00 until 08:00", async () => {
    expect([nairobi("20:59"), nairobi("08:00"), nairobi("13:30")].map(isQuietHour)).toEqual([false, false, false]);
    expect([nairobi("21:00"), nairobi("23:59"), nairobi("00:00"), nairobi("07:59")].map(isQuietHour)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const { id } = await leaveCheckout(nairobi("20:30"));
    expect(await pass(nairobi("21:31"))).toEqual({ quietHours: true });
    expect(await pass(new Date(`2035-03-02T07:59:00+03:00`))).toEqual({ quietHours: true });
    expect(await reminderOf(id)).toMatchObject({ doneAt: null });
    await pass(new Date(`2035-03-02T08:00:00+03:00`));
    expect(await reminderOf(id)).toMatchObject({ outcome: "sent" });
  });

  it("is sent at most once per cart, by passes side by side, and typing again after it changes nothing", async () => {
    const savedAt = nairobi("11:00");
    const { id, owner, phone } = await leaveCheckout(savedAt);
    const due = later(savedAt, minutes + 1);
    await Promise.all([pass(due), pass(due), pass(due)]);
    await pass(later(due, 10));
    expect(await queued(id)).toHaveLength(1);

    await saveUnfinishedCheckout(db, owner, { phone, email: "", marketingConsent: true });
    expect((await reminderOf(id)).savedAt).toEqual(savedAt);
    await pass(later(due, 24 * 60));
    expect(await queued(id)).toHaveLength(1);
  });

  it("goes to a phone once a day however many carts name it", async () => {
    const savedAt = nairobi("12:00");
    const first = await leaveCheckout(savedAt);
    const second = await leaveCheckout(savedAt);
    await db.update(checkoutReminders).set({ phone: first.phone }).where(eq(checkoutReminders.id, second.id));
    await pass(later(savedAt, minutes + 1));
    const outcomes = [(await reminderOf(first.id)).outcome, (await reminderOf(second.id)).outcome];
    expect(outcomes.sort()).toEqual(["reminded_lately", "sent"]);
  });

  it("is not sent without consent, nor once consent is withdrawn before its time", async () => {
    const savedAt = nairobi("14:00");
    const never = await leaveCheckout(savedAt, { consent: false });
    const withdrawn = await leaveCheckout(savedAt);
    await withdrawConsent(db, [withdrawn.phone]);
    await pass(later(savedAt, minutes + 1));
    for (const { id } of [never, withdrawn]) {
      expect(await reminderOf(id)).toMatchObject({ outcome: "no_consent", sentTo: null });
      expect(await queued(id)).toHaveLength(0);
    }
  });

  it("is not sent after an order from that phone, nor for a cart bought or all sold out", async () => {
    const savedAt = nairobi("15:00");
    const otherCart = await leaveCheckout(savedAt);
    const sameCart = await leaveCheckout(savedAt);
    const soldOut = await leaveCheckout(savedAt, { soldOut: true });
    await db.update(variants).set({ stock: 0 }).where(inArray(variants.id, soldOut.variantIds));
    const buyer = guest();
    await addToCart(db, buyer, { variantId: otherCart.variantIds[0], quantity: 1 });
    for (const owner of [buyer, sameCart.owner]) await order(owner, owner === buyer ? otherCart.phone : sameCart.phone);
    await db
      .update(orders)
      .set({ createdAt: later(savedAt, 5) })
      .where(inArray(orders.phone, [otherCart.phone, sameCart.phone]));

    await pass(later(savedAt, minutes + 1));
    expect(await reminderOf(otherCart.id)).toMatchObject({ outcome: "ordered" });
    expect(await reminderOf(sameCart.id)).toMatchObject({ outcome: "empty" });
    expect(await reminderOf(soldOut.id)).toMatchObject({ outcome: "sold_out" });
    for (const { id } of [otherCart, sameCart, soldOut]) expect(await queued(id)).toHaveLength(0);
  });

  it("goes by e-mail, with a List-Unsubscribe header, when only the e-mail address has consent", async () => {
    const savedAt = nairobi("16:00");
    const address = `reminded-${Date.now()}@example.com`;
    const { id, phone } = await leaveCheckout(savedAt, { consent: false, email: address });
    await giveConsent(db, [{ contact: address, channel: "email" }], "account");
    await pass(later(savedAt, minutes + 1));
    expect(await reminderOf(id)).toMatchObject({ outcome: "sent", sentTo: address });
    expect(phone).not.toBe(address);
    const [mail] = await queued(id);
    const payload = mail.payload as { to: string; text: string; headers: Record<string, string> };
    expect(mail.kind).toBe("email");
    expect(payload.to).toBe(address);
    expect(payload.text).toContain(`${reminderLinkPath}/${id}/`);
    expect(payload.headers["List-Unsubscribe"]).toMatch(/^<\S+\/stop\/\d+\/\S{11}>$/);
  });
});

describe("the reminders' limits", () => {
  it("sends the checkouts of one client address up to its daily limit of reminders", async () => {
    const savedAt = nairobi("18:00");
    const fromOne = [];
    for (let i = 0; i < 3; i++) fromOne.push(await leaveCheckout(savedAt, { clientAddress: "203.0.113.77" }));
    const elsewhere = await leaveCheckout(savedAt, { clientAddress: "198.51.100.77" });
    await pass(later(savedAt, minutes + 1));
    const outcomes = await Promise.all(fromOne.map(async ({ id }) => (await reminderOf(id)).outcome));
    expect(outcomes.sort()).toEqual(["sent", "sent", "throttled"]);
    expect((await reminderOf(elsewhere.id)).outcome).toBe("sent");
  });

  it("sends reminder e-mails up to the shop's daily limit", async () => {
    const savedAt = new Date("2035-04-01T10:00:00+03:00");
    const byMail = [];
    for (let i = 0; i < 3; i++) {
      const email = `limit-${i}-${Date.now()}@example.com`;
      byMail.push(await leaveCheckout(savedAt, { consent: false, email }));
      await giveConsent(db, [{ contact: email, channel: "email" }], "account");
    }
    await pass(later(savedAt, minutes + 1));
    const outcomes = await Promise.all(byMail.map(async ({ id }) => (await reminderOf(id)).outcome));
    expect(outcomes.sort()).toEqual(["sent", "sent", "throttled"]);
  });
});

describe("the reminder's link", () => {
  it("restores the cart in another browser at today's prices and stock, once however often it is opened", async () => {
    const savedAt = nairobi("17:00");
    const { id, variantIds } = await leaveCheckout(savedAt);
    await pass(later(savedAt, minutes + 1));
    const { message } = (await queued(id))[0].payload as { message: string };
    const token = message.match(new RegExp(`${reminderLinkPath}/${id}/(\\S{11})`))![1];
    await db.update(variants).set({ price: 1400, stock: 1 }).where(eq(variants.id, variantIds[0]));
    await db.update(variants).set({ stock: 0 }).where(eq(variants.id, variantIds[1]));

    const elsewhere: CartOwner = guest();
    expect(await restoreCart(db, { id: String(id), token, owner: elsewhere })).toEqual({ ok: true });
    expect(await restoreCart(db, { id: String(id), token, owner: elsewhere })).toEqual({ ok: true });
    const cart = await getCart(db, elsewhere);
    expect(cart.lines.map(({ variantId, quantity, unitPrice }) => ({ variantId, quantity, unitPrice }))).toEqual([
      { variantId: variantIds[0], quantity: 1, unitPrice: 1400 },
    ]);

    const stranger = guest();
    for (const [badId, badToken] of [
      [String(id), token.replace(/^./, (c) => (c === "A" ? "B" : "A"))],
      [String(id + 1), token],
      ["x", token],
      [String(id), undefined],
    ])
      expect(await restoreCart(db, { id: badId, token: badToken, owner: stranger })).toEqual({ ok: false, reason: "bad_link" });
    expect((await getCart(db, stranger)).lines).toHaveLength(0);
  });

  it("restores only the lines the reminder named, and only for REMINDER_LINK_DAYS after it was sent", async () => {
    const savedAt = nairobi("19:00");
    const { id, owner } = await leaveCheckout(savedAt);
    const sentAt = later(savedAt, minutes + 1);
    await pass(sentAt);
    const { message } = (await queued(id))[0].payload as { message: string };
    const token = message.match(new RegExp(`${reminderLinkPath}/${id}/(\\S{11})`))![1];
    // Added to the reminded cart afterwards: not the reminder's, so a third person never sees it.
    const { variantIds: addedLater } = await createProduct(db, [{ stock: 5 }]);
    await addToCart(db, owner, { variantId: addedLater[0], quantity: 1 });

    const days = 7;
    const at = (daysLater: number) => ({ days, now: later(sentAt, daysLater * 24 * 60) });
    expect(await checkReminderLink(db, { id, token }, at(6.9))).toEqual({ ok: true });
    expect(await checkReminderLink(db, { id, token }, at(7.1))).toEqual({ ok: false, reason: "expired" });
    const late = guest();
    expect(await restoreCart(db, { id, token, owner: late }, at(7.1))).toEqual({ ok: false, reason: "expired" });
    expect((await getCart(db, late)).lines).toHaveLength(0);
    const inTime = guest();
    expect(await restoreCart(db, { id, token, owner: inTime }, at(1))).toEqual({ ok: true });
    expect((await getCart(db, inTime)).lines.map((line) => line.variantId)).not.toContain(addedLater[0]);
    expect((await getCart(db, inTime)).lines).toHaveLength(2);
  });
});

async function order(owner: CartOwner, phone: string) {
  const placed = await placeOrder(db, {
    cartOwner: owner,
    delivery: { ...testDelivery, phone },
    idempotencyKey: newIdempotencyKey(),
  });
  expect(placed.ok).toBe(true);
}
