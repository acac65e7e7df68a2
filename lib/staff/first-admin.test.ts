import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { roleChanges, user } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { checkSetupToken, claimFirstAdmin, setupActor, setupLink } from "./first-admin";

let db: Database;
withTestDb((opened) => (db = opened));

const expected = "the-shops-own-setup-token";

// One database for the file: the tests run in order, from a shop with no admin to one with two.
describe(`the first admin's setup link (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("is printed on the shop's address, with its token escaped", () => {
    expect(setupLink("http://localhost:3150", "a+b/c")).toBe("http://localhost:3150/setup?token=a%2Bb%2Fc");
  });

  it("opens while no admin exists, for the right token only", async () => {
    expect(await checkSetupToken(db, { presented: expected, expected })).toEqual({ ok: true });
    expect(await checkSetupToken(db, { presented: "guess", expected })).toEqual({ ok: false, reason: "invalid" });
    expect(await checkSetupToken(db, { presented: "", expected })).toEqual({ ok: false, reason: "invalid" });
  });

  it("a wrong token makes nobody admin", async () => {
    const id = await createUser(db);
    expect(await claimFirstAdmin(db, { presented: "guess", expected, userId: id })).toEqual({ ok: false, reason: "invalid" });
    const [stored] = await db.select().from(user).where(eq(user.id, id));
    expect(stored).toMatchObject({ role: null, emailVerified: false });
  });

  it("makes the new account the admin, its address verified, recorded under the link", async () => {
    const id = await createUser(db);
    expect(await claimFirstAdmin(db, { presented: expected, expected, userId: id })).toEqual({ ok: true });
    const [stored] = await db.select().from(user).where(eq(user.id, id));
    expect(stored).toMatchObject({ role: "admin", emailVerified: true });
    const [log] = await db.select().from(roleChanges).where(eq(roleChanges.targetId, id));
    expect(log).toMatchObject({ actorLabel: setupActor.label, action: "grant", role: "admin" });
  });

  it("dies once an admin exists: neither the page nor a second claim works", async () => {
    expect(await checkSetupToken(db, { presented: expected, expected })).toEqual({ ok: false, reason: "admin-exists" });
    const second = await createUser(db);
    expect(await claimFirstAdmin(db, { presented: expected, expected, userId: second })).toEqual({
      ok: false,
      reason: "admin-exists",
    });
    const [stored] = await db.select().from(user).where(eq(user.id, second));
    expect(stored.role).toBeNull();
  });

  it("two claims at once make one admin", async () => {
    // Back to a shop with no admin, as if its role had been taken away in the database.
    await db.update(user).set({ role: null }).where(eq(user.role, "admin"));
    const [first, second] = [await createUser(db), await createUser(db)];
    const results = await Promise.all(
      [first, second].map((userId) => claimFirstAdmin(db, { presented: expected, expected, userId })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.$count(user, eq(user.role, "admin"))).toBe(1);
  });
});
