import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { outbox, roleChanges, staffInvitations, user } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { acceptInvitation } from "./invitations";
import { grantRole, listStaff, staffMessages } from "./role-changes";

let db: Database;
withTestDb((opened) => (db = opened));

const admin = { id: null, label: "owner@kijanithreads.test" };
const baseURL = "http://shop.test";
const emailOf = (id: string) => `${id}@example.com`;

/** The token in the newest invitation e-mail to an address, as its link carries it. */
async function invitationToken(email: string): Promise<string> {
  const mails = await db.select().from(outbox).where(like(outbox.key, "staff-invitation:%"));
  const mail = mails.map((row) => row.payload as { to: string; text: string }).findLast((payload) => payload.to === email);
  return decodeURIComponent(mail!.text.match(/\/register\?invitation=(\S+)/)![1]);
}

describe(`roles need a verified address (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("refuses a role to an account whose address is not verified, and says so", async () => {
    const id = await createUser(db);
    expect(await grantRole(db, { email: emailOf(id), role: "staff", actor: admin, baseURL })).toEqual({
      ok: false,
      error: staffMessages.unverified(emailOf(id)),
      unverified: emailOf(id),
    });
    const [stored] = await db.select().from(user).where(eq(user.id, id));
    expect(stored.role).toBeNull();
    expect(await db.$count(roleChanges, eq(roleChanges.targetId, id))).toBe(0);
  });

  it("invites an address with no account; only a sign-up from the e-mailed link takes the role up, verified", async () => {
    const email = "new.hire@example.com";
    expect(await grantRole(db, { email: "New.Hire@example.com", role: "staff", actor: admin, baseURL })).toEqual({
      ok: true,
      invited: email,
    });
    const token = await invitationToken(email);
    const [mail] = await db.select().from(outbox).where(like(outbox.key, "staff-invitation:%"));
    expect((mail.payload as { text: string }).text).toContain(`${baseURL}/register?invitation=`);

    // Someone else signs up with another address and tries the link: nothing.
    const stranger = await createUser(db);
    expect(await acceptInvitation(db, { token, userId: stranger })).toEqual({ ok: false, reason: "other-address" });
    // A made-up token: nothing.
    expect(await acceptInvitation(db, { token: "guess", userId: stranger })).toEqual({ ok: false, reason: "invalid" });

    const hire = await createUser(db);
    await db.update(user).set({ email }).where(eq(user.id, hire));
    expect(await acceptInvitation(db, { token, userId: hire })).toEqual({ ok: true, roles: ["staff"] });
    const [stored] = await db.select().from(user).where(eq(user.id, hire));
    expect(stored).toMatchObject({ role: "staff", emailVerified: true });
    const [log] = await db.select().from(roleChanges).where(eq(roleChanges.targetId, hire));
    expect(log).toMatchObject({ actorLabel: admin.label, action: "grant", role: "staff" });
    // The link works once.
    expect(await acceptInvitation(db, { token, userId: hire })).toEqual({ ok: false, reason: "invalid" });
  });

  it("gives no role to someone who signs up first with the invited address without the link", async () => {
    const email = "squatted@example.com";
    await grantRole(db, { email, role: "admin", actor: admin, baseURL });
    const squatter = await createUser(db);
    await db.update(user).set({ email }).where(eq(user.id, squatter));
    // Their account exists but is unverified, so a second grant is refused too.
    expect((await grantRole(db, { email, role: "admin", actor: admin, baseURL })).ok).toBe(false);
    expect((await listStaff(db)).some((member) => member.email === email)).toBe(false);
  });

  it("refuses an expired invitation, and a new invitation replaces the old link", async () => {
    const email = "late@example.com";
    await grantRole(db, { email, role: "marketing", actor: admin, baseURL });
    const first = await invitationToken(email);
    await grantRole(db, { email, role: "marketing", actor: admin, baseURL });
    const second = await invitationToken(email);
    const hire = await createUser(db);
    await db.update(user).set({ email }).where(eq(user.id, hire));
    expect(await acceptInvitation(db, { token: first, userId: hire })).toEqual({ ok: false, reason: "invalid" });
    await db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, email));
    expect(await acceptInvitation(db, { token: second, userId: hire })).toEqual({ ok: false, reason: "invalid" });
  });
});
