import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { passwordCheckSucceeded, reservePasswordCheck, USUAL_ADDRESS_DAYS } from "./password-guard";
import { signInThrottle } from "./throttle";

let db: Database;
withTestDb((opened) => (db = opened));

const day = 24 * 60 * 60_000;

describe(`password checks (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("an attacker who locks the account does not keep its owner out at their usual address", async () => {
    const owner = "198.51.100.7";
    const attacker = "203.0.113.66";
    const email = "admin@example.com";
    await passwordCheckSucceeded(db, email, owner);
    const now = Date.now();
    for (let i = 0; i < signInThrottle.perAccount; i++) expect(await reservePasswordCheck(db, email, attacker, now)).toBe(0);
    // The attacker, from anywhere else or with no address, now waits out the window.
    expect(await reservePasswordCheck(db, email, attacker, now)).toBe(signInThrottle.windowMinutes);
    expect(await reservePasswordCheck(db, "ADMIN@example.com", "192.0.2.1", now)).toBe(signInThrottle.windowMinutes);
    expect(await reservePasswordCheck(db, email, null, now)).toBe(signInThrottle.windowMinutes);
    // The owner's usual address goes ahead.
    expect(await reservePasswordCheck(db, email, owner, now)).toBe(0);
  });

  it("an address stops being usual after its days, and its own limit always holds", async () => {
    const email = "owner@example.com";
    const usual = "198.51.100.8";
    await passwordCheckSucceeded(db, email, usual);
    const later = Date.now() + (USUAL_ADDRESS_DAYS + 1) * day;
    for (let i = 0; i < signInThrottle.perAccount; i++) await reservePasswordCheck(db, email, "203.0.113.67", later);
    expect(await reservePasswordCheck(db, email, usual, later)).toBe(signInThrottle.windowMinutes);

    const busy = "198.51.100.9";
    await passwordCheckSucceeded(db, "shared@example.com", busy);
    const now = Date.now();
    for (let i = 0; i < signInThrottle.perAddress; i++) await reservePasswordCheck(db, `x${i}@example.com`, busy, now);
    expect(await reservePasswordCheck(db, "shared@example.com", busy, now)).toBe(signInThrottle.windowMinutes);
  });
});
