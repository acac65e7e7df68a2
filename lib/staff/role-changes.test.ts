import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { commandLine } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { roleChanges, session, user } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { grantRole, listStaff, revokeRole, staffMessages } from "./role-changes";

let db: Database;
withTestDb((opened) => (db = opened));

const emailOf = (id: string) => `${id}@example.com`;
const admin = { id: null, label: "owner@kijanithreads.test" };
const baseURL = "http://shop.test";
const verified = { emailVerified: true };

async function signedInSession(userId: string) {
  await db
    .insert(session)
    .values({ id: randomUUID(), token: randomUUID(), userId, expiresAt: new Date(Date.now() + 86_400_000) });
}

describe(`staff roles (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("says an invitation was e-mailed only when an SMTP server is set", () => {
    expect(staffMessages.invited("wanjiru@example.com", true)).toContain("an invitation was e-mailed");
    const logged = staffMessages.invited("wanjiru@example.com", false);
    expect(logged).not.toContain("e-mailed");
    expect(logged).toContain("written to the server log");
  });

  it("grants roles to an existing account, several at once, and records who did it", async () => {
    const id = await createUser(db, verified);
    expect((await grantRole(db, { baseURL, email: emailOf(id).toUpperCase(), role: "staff", actor: commandLine })).ok).toBe(true);
    const second = await grantRole(db, { baseURL, email: emailOf(id), role: "marketing", actor: admin });
    expect(second.ok && "member" in second && second.member.roles).toEqual(["staff", "marketing"]);
    expect((await listStaff(db)).find((member) => member.id === id)?.roles).toEqual(["staff", "marketing"]);
    const log = await db.select().from(roleChanges).where(eq(roleChanges.targetId, id));
    expect(log.map((row) => [row.actorLabel, row.action, row.role])).toEqual([
      ["command line", "grant", "staff"],
      [admin.label, "grant", "marketing"],
    ]);
  });

  it("refuses an unknown role, a role already held and a revocation from nobody, changing nothing", async () => {
    const id = await createUser(db, verified);
    expect(await revokeRole(db, { email: "nobody@example.com", role: "staff", actor: admin })).toEqual({
      ok: false,
      error: staffMessages.noAccount("nobody@example.com"),
    });
    expect(await grantRole(db, { baseURL, email: emailOf(id), role: "owner", actor: admin })).toEqual({
      ok: false,
      error: staffMessages.unknownRole,
    });
    await grantRole(db, { baseURL, email: emailOf(id), role: "staff", actor: admin });
    expect(await grantRole(db, { baseURL, email: emailOf(id), role: "staff", actor: admin })).toEqual({
      ok: false,
      error: staffMessages.alreadyHolds("staff"),
    });
    expect(await revokeRole(db, { email: emailOf(id), role: "marketing", actor: admin })).toEqual({
      ok: false,
      error: staffMessages.doesNotHold("marketing"),
    });
    expect(await db.$count(roleChanges, eq(roleChanges.targetId, id))).toBe(1);
  });

  it("ends every session of the person whose role is revoked", async () => {
    const id = await createUser(db, verified);
    await grantRole(db, { baseURL, email: emailOf(id), role: "staff", actor: admin });
    await signedInSession(id);
    await signedInSession(id);
    const revoked = await revokeRole(db, { email: emailOf(id), role: "staff", actor: admin });
    expect(revoked.ok && revoked.member.roles).toEqual([]);
    expect(await db.$count(session, eq(session.userId, id))).toBe(0);
    const [stored] = await db.select({ role: user.role }).from(user).where(eq(user.id, id));
    expect(stored.role).toBeNull();
  });

  it("ends every session of the person granted a role, so the back office starts from a sign-in with the second factor", async () => {
    const id = await createUser(db, verified);
    const other = await createUser(db, verified);
    await signedInSession(id);
    await signedInSession(other);
    const granted = await grantRole(db, { baseURL, email: emailOf(id), role: "staff", actor: admin });
    expect(granted.ok).toBe(true);
    expect(await db.$count(session, eq(session.userId, id))).toBe(0);
    expect(await db.$count(session, eq(session.userId, other))).toBe(1);
  });

  it("never removes the last admin, even when two admins revoke each other at once", async () => {
    for (const member of await listStaff(db)) {
      if (member.roles.includes("admin")) await revokeRole(db, { email: member.email, role: "admin", actor: admin });
    }
    const [first, second] = [await createUser(db, verified), await createUser(db, verified)];
    await grantRole(db, { baseURL, email: emailOf(first), role: "admin", actor: commandLine });
    expect(await revokeRole(db, { email: emailOf(first), role: "admin", actor: admin })).toEqual({
      ok: false,
      error: staffMessages.lastAdmin,
    });
    await grantRole(db, { baseURL, email: emailOf(second), role: "admin", actor: commandLine });
    const results = await Promise.all([
      revokeRole(db, { email: emailOf(first), role: "admin", actor: admin }),
      revokeRole(db, { email: emailOf(second), role: "admin", actor: admin }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await listStaff(db)).filter((member) => member.roles.includes("admin"))).toHaveLength(1);
  });
});
