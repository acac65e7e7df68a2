import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "@/lib/db/test-db";
import { clearAccount, minutesUntilAllowed, recordAttempt, resetMailThrottle, signInThrottle, throttleKeys } from "./throttle";

const keys = (email: string, address: string | null) => throttleKeys(signInThrottle, email, address);

let connection: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  connection = await openTestDb();
});
afterAll(() => connection.close());

const minute = 60_000;

describe(`sign-in throttle (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("blocks an account after its limit of failures, whatever the address or letter case", async () => {
    const db = connection.db;
    const start = Date.now();
    for (let i = 0; i < signInThrottle.perAccount; i++) {
      expect(await minutesUntilAllowed(db, keys("Amina@Example.com", `10.0.0.${i}`), start)).toBe(0);
      await recordAttempt(db, keys("amina@example.com", `10.0.0.${i}`), start);
    }
    expect(await minutesUntilAllowed(db, keys("AMINA@example.com", "10.9.9.9"), start)).toBe(15);
    expect(await minutesUntilAllowed(db, keys("amina@example.com", null), start + 10 * minute)).toBe(5);
    // Another account from the same addresses is not blocked.
    expect(await minutesUntilAllowed(db, keys("baraka@example.com", "10.0.0.1"), start)).toBe(0);
    // The window ends, and the count starts again.
    expect(await minutesUntilAllowed(db, keys("amina@example.com", null), start + 15 * minute)).toBe(0);
    await recordAttempt(db, keys("amina@example.com", null), start + 15 * minute);
    expect(await minutesUntilAllowed(db, keys("amina@example.com", null), start + 15 * minute)).toBe(0);
  });

  it("blocks an address after its limit of failures across many accounts", async () => {
    const db = connection.db;
    const start = Date.now();
    const address = "192.0.2.44";
    for (let i = 0; i < signInThrottle.perAddress; i++) await recordAttempt(db, keys(`user${i}@example.com`, address), start);
    expect(await minutesUntilAllowed(db, keys("fresh@example.com", address), start + minute)).toBe(14);
    expect(await minutesUntilAllowed(db, keys("fresh@example.com", "192.0.2.45"), start + minute)).toBe(0);
  });

  it("keeps separate counts per throttle: reset e-mails do not use up sign-in attempts", async () => {
    const db = connection.db;
    const now = Date.now();
    for (let i = 0; i < resetMailThrottle.perAccount; i++) await recordAttempt(db, throttleKeys(resetMailThrottle, "mail@example.com", null), now);
    expect(await minutesUntilAllowed(db, throttleKeys(resetMailThrottle, "mail@example.com", null), now)).toBe(60);
    expect(await minutesUntilAllowed(db, keys("mail@example.com", null), now)).toBe(0);
  });

  it("counts failures sent at the same time exactly", async () => {
    const db = connection.db;
    const now = Date.now();
    await Promise.all(Array.from({ length: 4 }, () => recordAttempt(db, keys("race@example.com", null), now)));
    expect(await minutesUntilAllowed(db, keys("race@example.com", null), now)).toBe(0);
    await recordAttempt(db, keys("race@example.com", null), now);
    expect(await minutesUntilAllowed(db, keys("race@example.com", null), now)).toBe(15);
    await clearAccount(db, signInThrottle, "RACE@example.com");
    expect(await minutesUntilAllowed(db, keys("race@example.com", null), now)).toBe(0);
  });
});
