import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { outbox } from "@/lib/db/schema";
import type { Mail } from "@/lib/mail";
import { withTestDb } from "@/lib/testing/db";
import { deliverDueMessages, enqueueMail, PermanentFailure, retryDelaySeconds, retryMessage, type OutboxMessage } from "./outbox";

let db: Database;
withTestDb((opened) => (db = opened));

const mail = (to: string): Mail => ({ to, subject: "Hello", text: "Karibu" });
const row = async (key: string) => (await db.select().from(outbox).where(eq(outbox.key, key)))[0];

describe(`outbox (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("keeps one message per key", async () => {
    const key = `test:${randomUUID()}`;
    await enqueueMail(db, key, mail("a@example.com"));
    await enqueueMail(db, key, mail("b@example.com"));
    expect(await db.$count(outbox, eq(outbox.key, key))).toBe(1);
    expect((await row(key)).payload).toMatchObject({ to: "a@example.com" });
  });

  it("sends each due message once and marks it sent", async () => {
    const key = `test:${randomUUID()}`;
    await enqueueMail(db, key, mail("once@example.com"));
    const sent: string[] = [];
    const send = async ({ key: messageKey, payload }: OutboxMessage) => void sent.push(`${messageKey} ${(payload as Mail).to}`);
    await deliverDueMessages(db, send);
    await deliverDueMessages(db, send);
    expect(sent.filter((entry) => entry.startsWith(key))).toEqual([`${key} once@example.com`]);
    expect((await row(key)).sentAt).not.toBeNull();
  });

  it("marks a message written to the server log instead of sent as logged, and does not send it again", async () => {
    const [logged, sent] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    await enqueueMail(db, logged, mail("logged@example.com"));
    await enqueueMail(db, sent, mail("sent@example.com"));
    const outcomes: string[] = [];
    const send = async ({ key: messageKey }: OutboxMessage) => {
      outcomes.push(messageKey);
      return messageKey === logged ? ("logged" as const) : ("sent" as const);
    };
    await deliverDueMessages(db, send);
    await deliverDueMessages(db, send);
    expect(outcomes.filter((key) => key === logged || key === sent)).toEqual([logged, sent]);
    expect(await row(logged)).toMatchObject({ logged: true, sentAt: expect.any(Date) });
    expect(await row(sent)).toMatchObject({ logged: false, sentAt: expect.any(Date) });
  });

  it("keeps a message whose sending failed, and retries it only after a backoff", async () => {
    const key = `test:${randomUUID()}`;
    await enqueueMail(db, key, mail("later@example.com"));
    const report = await deliverDueMessages(db, async ({ key: messageKey }) => {
      if (messageKey === key) throw new Error("SMTP server down");
    });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const failed = await row(key);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: "SMTP server down" });
    const [{ waitSeconds }] = await db
      .select({ waitSeconds: sql<number>`extract(epoch from ${outbox.availableAt} - now())::float` })
      .from(outbox)
      .where(eq(outbox.key, key));
    expect(waitSeconds).toBeGreaterThan(retryDelaySeconds(1) - 3);

    const sent: string[] = [];
    await deliverDueMessages(db, async ({ key: messageKey }) => void sent.push(messageKey));
    expect(sent).not.toContain(key);
    await db
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(eq(outbox.key, key));
    await deliverDueMessages(db, async ({ key: messageKey }) => void sent.push(messageKey));
    expect(sent).toContain(key);
    expect((await row(key)).attempts).toBe(2);
  });

  it("never hands a message to a second worker while the first one holds it", async () => {
    const key = `test:${randomUUID()}`;
    await enqueueMail(db, key, mail("claimed@example.com"));
    const seen: string[] = [];
    await deliverDueMessages(db, async ({ key: messageKey }) => {
      seen.push(`first ${messageKey}`);
      await deliverDueMessages(db, async ({ key: innerKey }) => void seen.push(`second ${innerKey}`));
    });
    expect(seen).toContain(`first ${key}`);
    expect(seen).not.toContain(`second ${key}`);
  });

  it("stops retrying a message that can never be sent, until it is retried by hand", async () => {
    const key = `test:${randomUUID()}`;
    await enqueueMail(db, key, mail("nobody@example.com"));
    await deliverDueMessages(db, async ({ key: messageKey }) => {
      if (messageKey === key) throw new PermanentFailure("Invalid address");
    });
    expect(await row(key)).toMatchObject({ sentAt: null, lastError: "Invalid address" });
    expect((await row(key)).failedAt).not.toBeNull();
    await db
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(eq(outbox.key, key));
    const sent: string[] = [];
    await deliverDueMessages(db, async ({ key: messageKey }) => void sent.push(messageKey));
    expect(sent).not.toContain(key);

    expect(await retryMessage(db, key)).toBe(true);
    await deliverDueMessages(db, async ({ key: messageKey }) => void sent.push(messageKey));
    expect(sent).toContain(key);
    expect((await row(key)).sentAt).not.toBeNull();
    expect(await retryMessage(db, key)).toBe(false);
  });

  it("backs off from 10 seconds (or OUTBOX_RETRY_SECONDS), doubling, up to an hour", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(attempts))).toEqual([10, 20, 40, 80]);
    expect([1, 2, 3, 4].map((attempts) => retryDelaySeconds(attempts, 1))).toEqual([1, 2, 4, 8]);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
