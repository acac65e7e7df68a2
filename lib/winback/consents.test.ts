import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { CartOwner } from "@/lib/cart/owner";
import type { Database } from "@/lib/db";
import { marketingConsents, orders, payments, user } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, createUser, guest, testDelivery } from "@/lib/testing/fixtures";
import {
  consentStopPath,
  consentStopUrl,
  countConsents,
  findStopLink,
  giveConsent,
  hasConsent,
  provenContacts,
  stopByLink,
  withdrawConsent,
} from "./consents";
import { contactsOf, parseContact } from "./contact";

let db: Database;
withTestDb((opened) => (db = opened));

const consentOf = async (contact: string) =>
  (await db.select().from(marketingConsents).where(eq(marketingConsents.contact, contact)))[0];

async function checkout(phone: string, email: string, marketingConsent?: boolean, buyer: CartOwner = guest()) {
  const { variantIds } = await createProduct(db, [{ stock: 3 }]);
  await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
  const placed = await placeOrder(db, {
    cartOwner: buyer,
    delivery: { ...testDelivery, phone, email },
    idempotencyKey: newIdempotencyKey(),
    marketingConsent,
  });
  expect(placed.ok).toBe(true);
}

describe("reading a contact", () => {
  it("takes a Kenyan phone as +254… and an e-mail address in lower case, and nothing else", () => {
    expect(parseContact(" 0712 345 678 ")).toEqual({ contact: "+254712345678", channel: "sms" });
    expect(parseContact("Wanjiku@Example.COM")).toEqual({ contact: "wanjiku@example.com", channel: "email" });
    for (const bad of ["", "12345", "no-user@", null, 7, "a".repeat(300) + "@example.com"]) expect(parseContact(bad)).toBeNull();
    expect(contactsOf({ phone: "+254712345678", email: "" })).toEqual([{ contact: "+254712345678", channel: "sms" }]);
  });
});

describe("marketing consent", () => {
  it("is given by the checkout's ticked box for the order's phone and e-mail, from the checkout", async () => {
    await checkout("0711 222 301", "ticked@example.com", true);
    expect(await consentOf("+254711222301")).toMatchObject({ channel: "sms", source: "checkout", withdrawnAt: null });
    expect(await consentOf("ticked@example.com")).toMatchObject({ channel: "email", source: "checkout", withdrawnAt: null });
  });

  it("is not given by an unticked box, nor withdrawn by one", async () => {
    await checkout("0711 222 302", "unticked@example.com");
    expect(await hasConsent(db, ["+254711222302"])).toBe(false);
    expect(await consentOf("unticked@example.com")).toBeUndefined();

    await giveConsent(db, [{ contact: "+254711222303", channel: "sms" }], "account");
    await checkout("0711 222 303", "later@example.com", false);
    expect(await hasConsent(db, ["+254711222303"])).toBe(true);
  });

  it("acts from an account only on what it has proven: a verified e-mail address, a phone whose order was paid or confirmed", async () => {
    const id = await createUser(db);
    const [{ email }] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
    // A profile naming a stranger's phone: it may neither withdraw nor give that phone's consent.
    const account = { id, email, emailVerified: false, phone: "0711 222 401" };
    expect(await provenContacts(db, account)).toEqual([]);
    expect(await provenContacts(db, { ...account, emailVerified: true })).toEqual([{ contact: email, channel: "email" }]);

    await checkout("0711 222 401", email, false, { userId: id });
    expect(await provenContacts(db, account)).toEqual([]); // placed, neither paid nor confirmed
    await db.update(orders).set({ status: "confirmed" }).where(eq(orders.userId, id));
    expect(await provenContacts(db, account)).toEqual([{ contact: "+254711222401", channel: "sms" }]);

    // A phone that paid one of the account's orders by M-Pesa, though the order named another.
    await db.update(orders).set({ status: "placed" }).where(eq(orders.userId, id));
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, id));
    await db.update(payments).set({ status: "paid", phone: "254711222402" }).where(eq(payments.orderId, order.id));
    expect(await provenContacts(db, { ...account, phone: "0711 222 402" })).toEqual([
      { contact: "+254711222402", channel: "sms" },
    ]);
    expect(await provenContacts(db, { ...account, phone: "0711 222 403" })).toEqual([]);
  });

  it("is withdrawn at once, checked when a message is sent, and given again from now", async () => {
    const contact = { contact: "withdraw@example.com", channel: "email" as const };
    await giveConsent(db, [contact], "account");
    const given = await consentOf(contact.contact);
    expect(await hasConsent(db, [contact.contact])).toBe(true);

    await withdrawConsent(db, [contact.contact]);
    expect(await hasConsent(db, [contact.contact])).toBe(false);
    expect((await consentOf(contact.contact)).withdrawnAt).not.toBeNull();

    await giveConsent(db, [contact], "checkout");
    const again = await consentOf(contact.contact);
    expect(again).toMatchObject({ id: given.id, source: "checkout", withdrawnAt: null });
    expect(again.givenAt.getTime()).toBeGreaterThanOrEqual(given.givenAt.getTime());
  });

  it("is withdrawn by its stop link without signing in; a wrong token or id changes nothing", async () => {
    await giveConsent(db, [{ contact: "+254711222304", channel: "sms" }], "checkout");
    const { id } = await consentOf("+254711222304");
    const url = new URL(consentStopUrl(id));
    const [, , linkId, token] = url.pathname.split("/");
    expect(url.pathname.startsWith(`${consentStopPath}/`)).toBe(true);
    expect(token).toHaveLength(11);

    expect(
      await stopByLink(
        db,
        linkId,
        token.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toEqual({ ok: false, reason: "bad_link" });
    expect(await stopByLink(db, "0", token)).toEqual({ ok: false, reason: "bad_link" });
    expect(await stopByLink(db, "x", token)).toEqual({ ok: false, reason: "bad_link" });
    expect(await hasConsent(db, ["+254711222304"])).toBe(true);
    expect(await findStopLink(db, linkId, "wrong")).toBeNull();
    expect(await findStopLink(db, linkId, token)).toEqual({ withdrawn: false });

    expect(await stopByLink(db, linkId, token)).toEqual({ ok: true });
    expect(await findStopLink(db, linkId, token)).toEqual({ withdrawn: true });
    expect(await hasConsent(db, ["+254711222304"])).toBe(false);
    expect(await stopByLink(db, linkId, token)).toEqual({ ok: true });
  });

  it("is counted per channel, given and withdrawn, for staff", async () => {
    const before = await countConsents(db);
    await giveConsent(
      db,
      [
        { contact: "count-a@example.com", channel: "email" },
        { contact: "+254711222305", channel: "sms" },
      ],
      "account",
    );
    await giveConsent(db, [{ contact: "count-b@example.com", channel: "email" }], "account");
    await withdrawConsent(db, ["count-b@example.com"]);
    const after = await countConsents(db);
    expect(after.email).toEqual({ given: before.email.given + 1, withdrawn: before.email.withdrawn + 1 });
    expect(after.sms).toEqual({ given: before.sms.given + 1, withdrawn: before.sms.withdrawn });
  });
});
