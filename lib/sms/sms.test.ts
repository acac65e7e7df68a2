import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmsSimulator } from "@/scripts/sms-simulator/server";
import type { Database } from "@/lib/db";
import { outbox, smsMessages } from "@/lib/db/schema";
import { outboxSender } from "@/lib/dispatch/senders";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { withTestDb } from "@/lib/testing/db";
import { smsConfig } from "./client";
import { isDeliveryToken, parseDeliveryReport, recordDeliveryReport } from "./delivery";
import { queueSms, smsThrottleReasons, type SmsKind } from "./queue";

// Texts queued, sent through the Africa's Talking simulator and settled by delivery reports.
const simulator = await startSmsSimulator();
vi.stubEnv("AT_API_URL", simulator.url);
vi.stubEnv("AT_USERNAME", "sandbox");
vi.stubEnv("AT_API_KEY", "simulator-api-key");
vi.stubEnv("AT_SENDER_ID", "KIJANI");
vi.stubEnv("SMS_PER_PHONE_PER_HOUR", "3");
afterAll(() => simulator.close());

let db: Database;
withTestDb((opened) => (db = opened));
beforeEach(() => simulator.reset());

let counter = 0;
/** A fresh number ending in `lastDigit` (the simulator's outcome), so that tests do not share a throttle. */
const phone = (lastDigit: number) => `+2547${String(10_000_000 + ++counter * 10).slice(-7)}${lastDigit}`;

async function queue(to: string, key = `test:${++counter}`, kind: SmsKind = {}) {
  const state = await db.transaction((tx) => queueSms(tx, key, { to, message: `Test text ${key}` }, kind));
  return { key, state };
}
const send = () => deliverDueMessages(db, outboxSender(db));
const textOf = async (key: string) => (await db.select().from(smsMessages).where(eq(smsMessages.key, key)))[0];
const outboxOf = async (key: string) => (await db.select().from(outbox).where(eq(outbox.key, key)))[0];
const makeDue = (key: string) =>
  db
    .update(outbox)
    .set({ availableAt: new Date(0) })
    .where(eq(outbox.key, key));

describe(`SMS (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("sends a queued text once, storing Africa's Talking's id; queuing the same key again changes nothing", async () => {
    const to = phone(0);
    const { key, state } = await queue(to);
    expect(state).toBe("queued");
    expect((await queue(to, key)).state).toBe("queued");
    await send();
    await send();
    const [received] = simulator.messages();
    expect(simulator.messages()).toHaveLength(1);
    expect(received).toMatchObject({ to, from: "KIJANI", message: `Test text ${key}`, encoding: "GSM-7", parts: 1 });
    expect(await textOf(key)).toMatchObject({ state: "sent", providerMessageId: received.id, phone: to });
  });

  it("does not send again a text that was accepted, when the outbox retries it after a crash", async () => {
    const { key } = await queue(phone(0));
    await send();
    await db
      .update(outbox)
      .set({ sentAt: null, availableAt: new Date(0) })
      .where(eq(outbox.key, key));
    await send();
    expect(simulator.messages()).toHaveLength(1);
    expect((await outboxOf(key)).sentAt).not.toBeNull();
  });

  it("gives up on an invalid, blacklisted or do-not-disturb number, and retries insufficient balance and gateway errors", async () => {
    const refused = await Promise.all([3, 4, 5].map((digit) => queue(phone(digit))));
    const later = await Promise.all([6, 7].map((digit) => queue(phone(digit))));
    await send();
    for (const { key } of refused) {
      expect(await textOf(key)).toMatchObject({ state: "failed", failureReason: expect.stringMatching(/\(40[369]\)$/) });
      expect((await outboxOf(key)).failedAt).not.toBeNull();
    }
    for (const { key } of later) {
      expect(await textOf(key)).toMatchObject({ state: "queued", failureReason: expect.stringMatching(/will retry/) });
      expect(await outboxOf(key)).toMatchObject({ failedAt: null, sentAt: null });
    }
  });

  it("keeps a text while the gateway is down or fails, and sends it once when it is back", async () => {
    const { key } = await queue(phone(0));
    simulator.setDown(true);
    await send();
    expect(await textOf(key)).toMatchObject({ state: "queued" });
    simulator.setDown(false);
    simulator.failNext();
    await makeDue(key);
    await send();
    expect(await textOf(key)).toMatchObject({ state: "queued" });
    await makeDue(key);
    await send();
    await makeDue(key);
    await send();
    expect(simulator.messages()).toHaveLength(1);
    expect(await textOf(key)).toMatchObject({ state: "sent" });
  });

  it("records delivery reports, late or twice, never stepping back; an unknown id changes nothing", async () => {
    const delivered = await queue(phone(0));
    const failed = await queue(phone(1));
    await send();
    const idOf = async (key: string) => (await textOf(key)).providerMessageId!;
    const report = (id: string, status: string, failureReason?: string) =>
      recordDeliveryReport(
        db,
        parseDeliveryReport(
          new URLSearchParams({ id, status, phoneNumber: "+254700000000", ...(failureReason ? { failureReason } : {}) }),
        )!,
      );
    await report(await idOf(delivered.key), "Buffered");
    expect(await textOf(delivered.key)).toMatchObject({ state: "sent", reportedAt: expect.any(Date) });
    await report(await idOf(delivered.key), "Success");
    await report(await idOf(delivered.key), "Success");
    await report(await idOf(delivered.key), "Sent");
    expect(await textOf(delivered.key)).toMatchObject({ state: "delivered", failureReason: null });
    await report(await idOf(failed.key), "Failed", "AbsentSubscriber");
    expect(await textOf(failed.key)).toMatchObject({ state: "failed", failureReason: "AbsentSubscriber" });
    await report("ATXid_unknown", "Success");
    expect(parseDeliveryReport(new URLSearchParams({ status: "Success" }))).toBeNull();
  });

  it("compares the delivery path's token with the shop's secret", () => {
    const config = smsConfig()!;
    expect(isDeliveryToken(config, config.callbackToken)).toBe(true);
    expect(isDeliveryToken(config, `${config.callbackToken}x`)).toBe(false);
  });

  it("throttles a phone past its hourly limit: recorded, never queued in the outbox", async () => {
    const to = phone(0);
    const texts = [];
    for (let i = 0; i < 4; i++) texts.push(await queue(to));
    expect(texts.map((text) => text.state)).toEqual(["queued", "queued", "queued", "throttled"]);
    expect(await outboxOf(texts[3].key)).toBeUndefined();
    expect(await textOf(texts[3].key)).toMatchObject({ state: "throttled", failureReason: expect.stringMatching(/Over 3/) });
    expect((await queue(phone(0))).state).toBe("queued");
  });

  it("delays an order's own update past the phone's hourly limit, never drops it, and sends it once the hour allows", async () => {
    const to = phone(0);
    for (let i = 0; i < 3; i++) await queue(to);
    await send();
    const update = await queue(to, `test:${++counter}`, { essential: true });
    expect(update.state).toBe("queued");
    await send();
    expect(simulator.messages().filter((message) => message.to === to)).toHaveLength(3);
    expect(await textOf(update.key)).toMatchObject({ state: "queued", failureReason: smsThrottleReasons.waitsForPhone(3) });
    expect(await outboxOf(update.key)).toMatchObject({ sentAt: null, failedAt: null });
    // A stranger's text (an unpaid order, marketing) past the limit is still dropped.
    expect((await queue(to, `test:${++counter}`, { purpose: "reminder" })).state).toBe("throttled");
    // An hour later the update goes, once.
    await db
      .update(smsMessages)
      .set({ sentAt: sql`${smsMessages.sentAt} - interval '61 minutes'` })
      .where(eq(smsMessages.phone, to));
    await makeDue(update.key);
    await send();
    expect(await textOf(update.key)).toMatchObject({ state: "sent", failureReason: null });
    expect(simulator.messages().filter((message) => message.to === to)).toHaveLength(4);
  });
});
