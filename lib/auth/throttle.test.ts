import { describe, expect, it } from "vitest";
import { withTestDb } from "@/lib/testing/db";
import type { Database } from "@/lib/db";
import { authThrottle } from "@/lib/db/schema/auth";
import {
  clearAccount,
  forgetEndedAttempts,
  releaseAttempt,
  reserveAttempt,
  resetMailThrottle,
  signInThrottle,
  signUpThrottle,
  throttleKeys,
} from "./throttle";

let db: Database;
withTestDb((opened) => (db = opened));

const minute = 60_000;
const keys = (email: string, address: string | null) => throttleKeys(signInThrottle, email, address);

describe(`throttle (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("blocks an account after its limit, whatever the address or letter case, until the window ends", async () => {
    const start = Date.now();
    for (let i = 0; i < signInThrottle.perAccount; i++) {
      expect(await reserveAttempt(db, keys(i % 2 ? "Amina@Example.com" : "amina@example.com", `10.0.0.${i}`), start)).toBe(0);
    }
    expect(await reserveAttempt(db, keys("AMINA@example.com", "10.9.9.9"), start)).toBe(15);
    expect(await reserveAttempt(db, keys("amina@example.com", null), start + 10 * minute)).toBe(5);
    // Another account from the same addresses is not blocked.
    expect(await reserveAttempt(db, keys("baraka@example.com", "10.0.0.1"), start)).toBe(0);
    // The window ends, and the count starts again.
    expect(await reserveAttempt(db, keys("amina@example.com", null), start + 15 * minute)).toBe(0);
  });

  it("blocks an address after its limit across many accounts", async () => {
    const start = Date.now();
    const address = "192.0.2.44";
    for (let i = 0; i < signInThrottle.perAddress; i++)
      expect(await reserveAttempt(db, keys(`user${i}@example.com`, address), start)).toBe(0);
    expect(await reserveAttempt(db, keys("fresh@example.com", address), start + minute)).toBe(14);
    expect(await reserveAttempt(db, keys("fresh@example.com", "192.0.2.45"), start + minute)).toBe(0);
  });

  it("lets exactly the limit through when attempts arrive at the same time", async () => {
    const now = Date.now();
    const waits = await Promise.all(
      Array.from({ length: 12 }, () => reserveAttempt(db, keys("race@example.com", "198.51.100.1"), now)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(signInThrottle.perAccount);
  });

  it("gives attempts back: released ones and cleared accounts no longer count", async () => {
    const now = Date.now();
    const attempt = keys("kind@example.com", null);
    for (let i = 0; i < signInThrottle.perAccount; i++) await reserveAttempt(db, attempt, now);
    await releaseAttempt(db, attempt);
    expect(await reserveAttempt(db, attempt, now)).toBe(0);
    expect(await reserveAttempt(db, attempt, now)).toBe(15);
    await clearAccount(db, signInThrottle, "KIND@example.com");
    expect(await reserveAttempt(db, attempt, now)).toBe(0);
  });

  it("keeps separate counts per throttle: reset e-mails do not use up sign-in attempts", async () => {
    const now = Date.now();
    const mail = throttleKeys(resetMailThrottle, "mail@example.com", null);
    for (let i = 0; i < resetMailThrottle.perAccount; i++) expect(await reserveAttempt(db, mail, now)).toBe(0);
    expect(await reserveAttempt(db, mail, now)).toBe(60);
    expect(await reserveAttempt(db, keys("mail@example.com", null), now)).toBe(0);
  });

  it("limits sign-ups per e-mail address and per client address, apart from sign-ins", async () => {
    const now = Date.now();
    const signUp = (email: string, address: string) => reserveAttempt(db, throttleKeys(signUpThrottle(), email, address), now);
    for (let i = 0; i < signUpThrottle().perAccount; i++) expect(await signUp("Probe@example.com", `203.0.113.${i}`)).toBe(0);
    expect(await signUp("probe@example.com", "203.0.113.200")).toBe(60);
    for (let i = 0; i < signUpThrottle().perAddress; i++) expect(await signUp(`list${i}@example.com`, "203.0.113.99")).toBe(0);
    expect(await signUp("one-more@example.com", "203.0.113.99")).toBe(60);
    expect(await reserveAttempt(db, keys("probe@example.com", "203.0.113.99"), now)).toBe(0);
  });

  it("forgets counts once every throttle's window has ended, and keeps the ones still counting", async () => {
    const now = Date.now();
    await reserveAttempt(db, keys("old@example.com", null), now - 61 * minute);
    await reserveAttempt(db, keys("recent@example.com", null), now - 59 * minute);
    const { forgotten } = await forgetEndedAttempts(db, now);
    expect(forgotten).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(authThrottle);
    expect(left.map((row) => row.key)).not.toContain("sign-in:account:old@example.com");
    expect(left.map((row) => row.key)).toContain("sign-in:account:recent@example.com");
  });

  it("keeps a day's count (checkout's, the texts') for its day, not an hour", async () => {
    const now = Date.now();
    const day = (key: string) => [{ key, max: 10, windowMs: 24 * 60 * minute }];
    await reserveAttempt(db, day("sms-orders:address:203.0.113.1"), now - 2 * 60 * minute);
    await reserveAttempt(db, day("sms-orders:address:203.0.113.2"), now - 25 * 60 * minute);
    await forgetEndedAttempts(db, now);
    const left = (await db.select().from(authThrottle)).map((row) => row.key);
    expect(left).toContain("sms-orders:address:203.0.113.1");
    expect(left).not.toContain("sms-orders:address:203.0.113.2");
  });
});
