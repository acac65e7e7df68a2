import { createHmac } from "node:crypto";
import { formatKsh } from "@/lib/catalog/price";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmsSimulator } from "@/scripts/sms-simulator/server";
import { startWhatsappSimulator } from "@/scripts/whatsapp-simulator/server";
import type { Database } from "@/lib/db";
import { notifications, orders, outbox, smsMessages, user, whatsappMessages } from "@/lib/db/schema";
import { outboxSender } from "@/lib/dispatch/senders";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { withTestDb } from "@/lib/testing/db";
import { addToCart } from "@/lib/cart/lines";
import { createProduct, createUser, guest, testDelivery } from "@/lib/testing/fixtures";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { findOrderMentioned, findWhatsappPreference, setWhatsappPreference, stopOrderTexts } from "@/lib/orders/order-texts";
import { updateOrderStatus } from "@/lib/orders/status-changes";
import { whatsappChoiceWording } from "./choice-copy";
import { textUndelivered } from "./fallback";
import { recordStatus } from "./statuses";
import { answerVerification, isSignedBy, receiveWebhook } from "./webhook";

// Order updates on WhatsApp: the channel each shopper chose, the sending through the Cloud API
// simulator, the signed webhook, statuses out of order, and the SMS fallback.
const whatsapp = await startWhatsappSimulator();
const sms = await startSmsSimulator();
const appSecret = "test-app-secret";
vi.stubEnv("META_GRAPH_URL", `${whatsapp.url}/v23.0`);
vi.stubEnv("WHATSAPP_TOKEN", "simulator-token");
vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", "109876543210");
vi.stubEnv("WHATSAPP_APP_SECRET", appSecret);
vi.stubEnv("WHATSAPP_VERIFY_TOKEN", "test-verify-token");
vi.stubEnv("AT_API_URL", sms.url);
vi.stubEnv("AT_USERNAME", "sandbox");
vi.stubEnv("AT_API_KEY", "simulator-api-key");
vi.stubEnv("SMS_PER_PHONE_PER_HOUR", "100");
afterAll(() => Promise.all([whatsapp.close(), sms.close()]));

let db: Database;
withTestDb((opened) => (db = opened));
beforeEach(() => {
  whatsapp.reset();
  sms.reset();
});

const staff = { id: null, label: "staff@kijanithreads.test" };
let counter = 0;
/** A fresh phone ending in `lastDigit` (the simulators' outcome), so that tests share no throttle. */
const phone = (lastDigit: number) => `07${String(10_000_000 + ++counter * 10).slice(-7)}${lastDigit}`;

async function order({ whatsappUpdates = true, lastDigit = 0, smsUpdates = true } = {}) {
  const buyer = guest();
  const { variantIds } = await createProduct(db, [{ stock: 5 }]);
  await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
  const delivery = { ...testDelivery, phone: phone(lastDigit) };
  const result = await placeOrder(db, {
    cartOwner: buyer,
    delivery,
    idempotencyKey: newIdempotencyKey(),
    whatsappUpdates,
    smsUpdates,
  });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.order;
}
const updatesOf = (orderId: number) =>
  db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId)).orderBy(whatsappMessages.id);
const textsOf = (orderId: number) => db.select().from(smsMessages).where(eq(smsMessages.orderId, orderId));
const send = () => deliverDueMessages(db, outboxSender(db));
const ageBy = (orderId: number, minutes: number) =>
  db.execute(
    sql`update whatsapp_messages set created_at = now() - ${`${minutes} minutes`}::interval where order_id = ${orderId}`,
  );
const sign = (body: string, secret = appSecret) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const webhook = (body: string, signature?: string) =>
  receiveWebhook(
    db,
    new Request("http://shop.test/api/whatsapp/webhook", {
      method: "POST",
      body,
      headers: signature ? { "X-Hub-Signature-256": signature } : {},
    }),
    findOrderMentioned,
  );
/** A webhook body as Meta posts it: one change carrying `value`. */
const eventBody = (value: Record<string, unknown>) =>
  JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "1", changes: [{ field: "messages", value }] }] });
const statusBody = (id: string, status: string, timestamp = 1_800_000_000) =>
  eventBody({ statuses: [{ id, status, timestamp: String(timestamp), recipient_id: "254700000000" }] });

describe(`WhatsApp order updates (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("sends a shopper who chose WhatsApp each update there once, as a template in international digits, and no SMS", async () => {
    const placed = await order();
    await updateOrderStatus(db, { number: placed.number, status: "confirmed", actor: staff });
    await send();
    await send();
    const updates = await updatesOf(placed.id);
    expect(updates.map((update) => [update.template, update.state])).toEqual([
      ["order_update", "sent"],
      ["order_update", "sent"],
    ]);
    expect(updates[0].parameters).toEqual([
      "Kamau",
      placed.number,
      "It is received. Thank you!",
      formatKsh(placed.total),
      expect.any(String),
    ]);
    const sent = whatsapp.messages();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ to: updates[0].phone.replace("+", ""), type: "template", template: "order_update" });
    expect(updates[0].providerMessageId).toBe(sent[0].id);
    expect(await textsOf(placed.id)).toEqual([]);
    expect(sms.messages()).toEqual([]);
  });

  it("records the shopper's choice with its time and words, on the order and on the account; unticked, none", async () => {
    const chosen = await order();
    const notChosen = await order({ whatsappUpdates: false });
    const choiceOf = async (orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0];
    expect(await choiceOf(chosen.id)).toMatchObject({
      whatsappChosenAt: expect.any(Date),
      whatsappChoiceWording: whatsappChoiceWording("checkout"),
    });
    expect(await choiceOf(notChosen.id)).toMatchObject({ whatsappChosenAt: null, whatsappChoiceWording: null });

    const userId = await createUser(db);
    expect(await findWhatsappPreference(db, userId)).toBe(false);
    await setWhatsappPreference(db, userId, true);
    const [account] = await db.select().from(user).where(eq(user.id, userId));
    expect(account).toMatchObject({
      whatsappChosenAt: expect.any(Date),
      whatsappChoiceWording: whatsappChoiceWording("account"),
    });
    expect(await findWhatsappPreference(db, userId)).toBe(true);
    await setWhatsappPreference(db, userId, false);
    expect(await findWhatsappPreference(db, userId)).toBe(false);
  });

  it("texts, as today, a shopper who did not choose WhatsApp", async () => {
    const placed = await order({ whatsappUpdates: false });
    await send();
    expect(await updatesOf(placed.id)).toEqual([]);
    expect((await textsOf(placed.id)).map((text) => text.state)).toEqual(["sent"]);
    expect(whatsapp.messages().filter((message) => message.parameters[1] === placed.number)).toEqual([]);
  });

  it("retries a rate-limited send (130429), and texts at once an update Meta refuses for good", async () => {
    const placed = await order();
    whatsapp.rateLimitNext();
    await send();
    const [waiting] = await updatesOf(placed.id);
    expect(waiting).toMatchObject({ state: "queued", failureReason: expect.stringContaining("(130429); will retry") });
    await db
      .update(outbox)
      .set({ availableAt: new Date(0) })
      .where(eq(outbox.key, waiting.key));
    await send();
    expect((await updatesOf(placed.id))[0].state).toBe("sent");

    const refused = await order();
    await db.update(whatsappMessages).set({ template: "unapproved" }).where(eq(whatsappMessages.orderId, refused.id));
    await db.execute(
      sql`update outbox set payload = jsonb_set(payload, '{template}', '"unapproved"') where key = ${`whatsapp:order-placed:${refused.number}`}`,
    );
    await send();
    expect((await updatesOf(refused.id))[0]).toMatchObject({
      state: "failed",
      failureReason: expect.stringContaining("(132001)"),
    });
    await send();
    expect((await textsOf(refused.id)).map((text) => [text.key, text.state])).toEqual([
      [`sms:whatsapp:order-placed:${refused.number}`, "sent"],
    ]);
  });

  it("texts once an update with no delivered or read status within WHATSAPP_FALLBACK_MINUTES (10 by default)", async () => {
    const late = await order({ lastDigit: 8 });
    const onTime = await order({ lastDigit: 8 });
    const delivered = await order();
    await send();
    const [deliveredUpdate] = await updatesOf(delivered.id);
    await recordStatus(db, {
      id: deliveredUpdate.providerMessageId!,
      reference: null,
      status: "delivered",
      at: new Date(),
      failureReason: null,
    });
    await ageBy(late.id, 10.5);
    await ageBy(onTime.id, 9.5);
    await ageBy(delivered.id, 60);
    expect(await textUndelivered(db, { minutes: 10 })).toEqual({ texted: 1 });
    expect(await textUndelivered(db, { minutes: 10 })).toEqual({ texted: 0 });
    expect(await textsOf(late.id)).toHaveLength(1);
    expect(await textsOf(onTime.id)).toEqual([]);
    expect(await textsOf(delivered.id)).toEqual([]);
    expect((await updatesOf(late.id))[0].fallbackAt).not.toBeNull();
  });

  it("texts no fallback to a shopper who turned SMS updates off, at checkout or since", async () => {
    const unticked = await order({ lastDigit: 8, smsUpdates: false });
    const stopped = await order({ lastDigit: 8 });
    await stopOrderTexts(db, stopped.id);
    await ageBy(unticked.id, 10.5);
    await ageBy(stopped.id, 10.5);
    expect(await textUndelivered(db, { minutes: 10 })).toEqual({ texted: 0 });
    expect(await textsOf(unticked.id)).toEqual([]);
    expect(await textsOf(stopped.id)).toEqual([]);
    // Looked at once: the next pass skips them.
    expect((await updatesOf(stopped.id))[0].fallbackAt).not.toBeNull();
  });

  it("keeps the most advanced status when they arrive late, twice or out of order; a failure texts once", async () => {
    const placed = await order();
    await send();
    const [update] = await updatesOf(placed.id);
    const id = update.providerMessageId!;
    const stateNow = async () => (await updatesOf(placed.id))[0].state;
    for (const status of ["read", "delivered", "sent", "read", "failed"]) {
      expect((await webhook(statusBody(id, status), sign(statusBody(id, status)))).status).toBe(200);
      expect(await stateNow()).toBe("read");
    }

    const failing = await order({ lastDigit: 1 });
    await send();
    const failingId = (await updatesOf(failing.id))[0].providerMessageId!;
    for (const status of ["failed", "failed", "delivered", "sent"])
      await webhook(statusBody(failingId, status), sign(statusBody(failingId, status)));
    expect(await updatesOf(failing.id)).toMatchObject([{ state: "failed", statusAt: new Date(1_800_000_000_000) }]);
    expect(await textsOf(failing.id)).toHaveLength(1);
    expect(await textUndelivered(db, { minutes: 10 })).toEqual({ texted: 0 });
  });

  it("never sends again an update whose answer a crash lost: its statuses name it by its reference", async () => {
    const placed = await order({ lastDigit: 8 });
    await send();
    const [update] = await updatesOf(placed.id);
    const [message] = whatsapp.messages();
    expect(message.reference).toBe(update.key);
    // The crash: Meta took the message; the shop stored neither its id nor that the outbox sent it.
    await db
      .update(whatsappMessages)
      .set({ providerMessageId: null, state: "queued", sentAt: null })
      .where(eq(whatsappMessages.id, update.id));
    await db
      .update(outbox)
      .set({ sentAt: null, availableAt: new Date(0) })
      .where(eq(outbox.key, update.key));
    // Meta's status, which echoes the reference, arrives before the outbox tries again.
    const status = { id: message.id, status: "delivered", timestamp: "1800000000", biz_opaque_callback_data: update.key };
    const body = eventBody({ statuses: [status] });
    expect((await webhook(body, sign(body))).status).toBe(200);
    await send();
    expect(whatsapp.messages()).toHaveLength(1);
    expect(await updatesOf(placed.id)).toMatchObject([{ state: "delivered", providerMessageId: message.id }]);
  });

  it("reads only webhooks signed with the app secret, and answers the verification with the verify token only", async () => {
    const placed = await order();
    await send();
    const id = (await updatesOf(placed.id))[0].providerMessageId!;
    const body = statusBody(id, "delivered");
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, sign(body, "another-secret"))).status).toBe(403);
    expect((await webhook(body, "sha256=zz")).status).toBe(403);
    expect((await webhook(`${body} `, sign(body))).status).toBe(403);
    expect((await updatesOf(placed.id))[0].state).toBe("sent");
    expect((await webhook("{}", sign("{}"))).status).toBe(400);
    expect(isSignedBy(appSecret, Buffer.from(body), sign(body))).toBe(true);

    const verify = (token: string) =>
      answerVerification(
        new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "1158201444" }),
      );
    expect(await (await verify("test-verify-token")).text()).toBe("1158201444");
    expect((await verify("wrong")).status).toBe(403);
  });

  it("rings the staff's bell once with a shopper's message and the order its number names", async () => {
    await createUser(db).then((id) => db.execute(sql`update "user" set role = 'staff' where id = ${id}`));
    const placed = await order();
    const text = { body: `Where is ${placed.number.toLowerCase()}?` };
    const message = (id: string) =>
      eventBody({ messages: [{ from: "254712345670", id, timestamp: "1800000000", type: "text", text }] });
    for (let times = 0; times < 2; times++) await webhook(message("wamid.in-1"), sign(message("wamid.in-1")));
    const bells = await db
      .select()
      .from(notifications)
      .where(eq(notifications.title, `WhatsApp from +254712345670 about ${placed.number}`));
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({
      body: expect.stringContaining(`Where is ${placed.number.toLowerCase()}?`),
      link: `/admin/orders/${placed.number}`,
    });
  });
});
