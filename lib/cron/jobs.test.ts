import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { reserveAttempt, signInThrottle, throttleKeys } from "@/lib/auth/throttle";
import { authThrottle, outbox } from "@/lib/db/schema";
import { enqueueMail } from "@/lib/outbox/outbox";
import { withTestDb } from "@/lib/testing/db";
import { cronJobs, isCronAuthorized } from "./jobs";

let db: Database;
withTestDb((opened) => (db = opened));

const secret = "cron-tests-only-secret-0123456789";

describe("the cron secret", () => {
  it("accepts only 'Bearer <CRON_SECRET>'", () => {
    expect(isCronAuthorized(`Bearer ${secret}`, secret)).toBe(true);
    expect(isCronAuthorized(null, secret)).toBe(false);
    expect(isCronAuthorized(secret, secret)).toBe(false);
    expect(isCronAuthorized(`Bearer ${secret}x`, secret)).toBe(false);
  });

  it("refuses everything while no secret is set", () => {
    expect(isCronAuthorized("Bearer ", undefined)).toBe(false);
    expect(isCronAuthorized("Bearer undefined", undefined)).toBe(false);
  });
});

describe(`cron jobs (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("one outbox pass delivers a due e-mail and marks it sent", async () => {
    const key = `test:${randomUUID()}`;
    await enqueueMail(db, key, { to: "cron@example.com", subject: "Hello", text: "Karibu" });
    const report = await cronJobs.outbox.run(db);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(outbox).where(eq(outbox.key, key));
    expect(row.sentAt).not.toBeNull();
  });

  it("the M-Pesa passes have nothing to do in a shop without M-Pesa, and leave the cached catalog alone", async () => {
    const report = await cronJobs["expire-unpaid-orders"].run(db);
    expect(report).toEqual({ skipped: "M-Pesa is not set up" });
    expect(cronJobs["expire-unpaid-orders"].catalogChanged(report)).toBe(false);
    expect(cronJobs["mpesa-reconciler"].catalogChanged(await cronJobs["mpesa-reconciler"].run(db))).toBe(false);
  });

  it("expires the cached catalog only after a pass that cancelled orders", () => {
    expect(cronJobs["expire-unpaid-orders"].catalogChanged({ cancelled: [] })).toBe(false);
    expect(cronJobs["expire-unpaid-orders"].catalogChanged({ cancelled: ["order-1"] })).toBe(true);
    expect(cronJobs["mpesa-reconciler"].catalogChanged({ done: true })).toBe(true);
    expect(cronJobs.outbox.catalogChanged()).toBe(false);
  });

  it("forgets sign-in counts whose window ended", async () => {
    const email = `cron-${randomUUID()}@example.com`;
    await reserveAttempt(db, throttleKeys(signInThrottle, email, null), Date.now() - 2 * 60 * 60_000);
    const report = await cronJobs["forget-ended-attempts"].run(db);
    expect(report.forgotten).toBeGreaterThanOrEqual(1);
    expect(
      await db
        .select()
        .from(authThrottle)
        .where(eq(authThrottle.key, `sign-in:account:${email}`)),
    ).toHaveLength(0);
  });
});
