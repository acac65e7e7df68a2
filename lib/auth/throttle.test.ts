import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "@/lib/db/test-db";
import { clearAccountFailures, minutesUntilAllowed, recordFailure, SIGN_IN_LIMITS, throttleKeys } from "./throttle";

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
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      expect(await minutesUntilAllowed(db, throttleKeys("Amina@Example.com", `10.0.0.${i}`), start)).toBe(0);
      await recordFailure(db, throttleKeys("amina@example.com", `10.0.0.${i}`), start);
    }
    expect(await minutesUntilAllowed(db, throttleKeys("AMINA@example.com", "10.9.9.9"), start)).toBe(15);
    expect(await minutesUntilAllowed(db, throttleKeys("amina@example.com", null), start + 10 * minute)).toBe(5);
    // Another account from the same addresses is not blocked.
    expect(await minutesUntilAllowed(db, throttleKeys("baraka@example.com", "10.0.0.1"), start)).toBe(0);
    // The window ends, and the count starts again.
    expect(await minutesUntilAllowed(db, throttleKeys("amina@example.com", null), start + 15 * minute)).toBe(0);
    await recordFailure(db, throttleKeys("amina@example.com", null), start + 15 * minute);
    expect(await minutesUntilAllowed(db, throttleKeys("amina@example.com", null), start + 15 * minute)).toBe(0);
  });

  it("blocks an address after its limit of failures across many accounts", async () => {
    const db = connection.db;
    const start = Date.now();
    const address = "192.0.2.44";
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) await recordFailure(db, throttleKeys(`user${i}@example.com`, address), start);
    expect(await minutesUntilAllowed(db, throttleKeys("fresh@example.com", address), start + minute)).toBe(14);
    expect(await minutesUntilAllowed(db, throttleKeys("fresh@example.com", "192.0.2.45"), start + minute)).toBe(0);
  });

  it("counts failures sent at the same time exactly", async () => {
    const db = connection.db;
    const now = Date.now();
    await Promise.all(Array.from({ length: 4 }, () => recordFailure(db, throttleKeys("race@example.com", null), now)));
    expect(await minutesUntilAllowed(db, throttleKeys("race@example.com", null), now)).toBe(0);
    await recordFailure(db, throttleKeys("race@example.com", null), now);
    expect(await minutesUntilAllowed(db, throttleKeys("race@example.com", null), now)).toBe(15);
    await clearAccountFailures(db, "RACE@example.com");
    expect(await minutesUntilAllowed(db, throttleKeys("race@example.com", null), now)).toBe(0);
  });
});
