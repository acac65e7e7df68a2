import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder } from "@/lib/testing/fixtures";
import { findOrderByPhone, findOrderThrottle } from "./find-order";
import { findOrderMessages, validateFindOrder, findOrderSchema } from "./find-order-rules";

let db: Database;
withTestDb((opened) => (db = opened));

describe("'Find your order' form rules", () => {
  it("take the number in any case and spacing, with or without KT-, and the phone in any checkout form", () => {
    for (const [number, phone] of [
      ["KT-7F3K9QM", "0712345678"],
      [" kt-7f3k 9qm ", "+254 712 345 678"],
      ["7F3K9QM", "254712345678"],
    ])
      expect(findOrderSchema.parse({ number, phone })).toEqual({ number: "KT-7F3K9QM", phone: "+254712345678" });
  });

  it("say which field is malformed", () => {
    expect(validateFindOrder({ number: "KT-1234", phone: "12" })).toEqual({
      number: findOrderMessages.number,
      phone: findOrderMessages.phone,
    });
    expect(validateFindOrder({ number: ["KT-7F3K9QM"], phone: undefined })).toMatchObject({ number: findOrderMessages.number });
  });
});

describe(`finding an order by its number and phone (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("opens the order only when both match", async () => {
    const order = await placeGuestOrder(db);
    const phone = "+254112345678";
    expect(await findOrderByPhone(db, { number: order.number, phone }, "10.0.0.1")).toEqual({
      ok: true,
      order: { id: order.id, number: order.number },
    });
    expect(await findOrderByPhone(db, { number: order.number, phone: "+254712345678" }, "10.0.0.1")).toEqual({
      ok: false,
      reason: "no_match",
    });
    expect(await findOrderByPhone(db, { number: "KT-2222222", phone }, "10.0.0.1")).toEqual({ ok: false, reason: "no_match" });
  });

  it("stops guessing an order number at the limit from one address, and never locks out the buyer elsewhere", async () => {
    const order = await placeGuestOrder(db);
    const wrong = { number: order.number, phone: "+254700000000" };
    const right = { ...wrong, phone: "+254112345678" };
    for (let i = 0; i < findOrderThrottle.perAccount; i++)
      expect(await findOrderByPhone(db, wrong, "10.0.1.1")).toMatchObject({ reason: "no_match" });
    expect(await findOrderByPhone(db, right, "10.0.1.1")).toMatchObject({ ok: false, reason: "throttled", minutes: 15 });
    expect(await findOrderByPhone(db, right, "10.0.2.1")).toMatchObject({ ok: true });
    // Another number from the guessing address still has its own budget.
    expect(await findOrderByPhone(db, { ...wrong, number: "KT-2222222" }, "10.0.1.1")).toMatchObject({ reason: "no_match" });
  });

  it("stops guessing at the limit per client address, across order numbers", async () => {
    const order = await placeGuestOrder(db);
    const address = "10.0.3.1";
    for (let i = 0; i < findOrderThrottle.perAddress; i++)
      await findOrderByPhone(db, { number: `KT-${"23456789AB"[i % 10]}22222${"CDE"[i % 3]}`, phone: "+254700000000" }, address);
    expect(await findOrderByPhone(db, { number: order.number, phone: "+254112345678" }, address)).toMatchObject({
      reason: "throttled",
    });
    expect(await findOrderByPhone(db, { number: order.number, phone: "+254112345678" }, "10.0.3.2")).toMatchObject({ ok: true });
  });
});
