import "server-only";
import { grantMessages } from "./grant-rules";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { parseRoles, staffRoleLabels, staffRoles, type StaffRole } from "@/lib/auth/roles";
import type { Database } from "@/lib/db";
import { roleChanges, session, user } from "@/lib/db/schema";
import { invite } from "./invitations";

export type StaffMember = { id: string; email: string; name: string; roles: StaffRole[]; twoFactorEnabled: boolean };

export type RoleChangeResult =
  | { ok: true; member: StaffMember }
  /** No account has the address yet: an invitation was queued to it. */
  | { ok: true; invited: string }
  /** `unverified` names an account whose address is not verified yet, to offer a new verification e-mail. */
  | { ok: false; error: string; unverified?: string };

export const staffMessages = {
  noAccount: (email: string) => `There is no account for ${email}.`,
  /** `mailSent`: an SMTP server is set (lib/mail mailSent); else the invitation only reaches the server log. */
  invited: (email: string, mailSent: boolean) =>
    mailSent
      ? `There is no account for ${email} yet, so an invitation was e-mailed to it. The role applies once they sign up from its link.`
      : `There is no account for ${email} yet. No SMTP server is set, so its invitation was written to the server log: send them its link yourself. The role applies once they sign up from it.`,
  unverified: (email: string) =>
    `${email} has not verified their e-mail address yet, so they cannot hold a role. Send them the verification e-mail again and grant the role once they have opened its link.`,
  verificationSent: (email: string) =>
    `The verification e-mail is on its way to ${email}. They open its link while signed in to their account.`,
  unknownRole: grantMessages.role,
  alreadyHolds: (role: StaffRole) => `They already hold the ${staffRoleLabels[role]} role.`,
  doesNotHold: (role: StaffRole) => `They do not hold the ${staffRoleLabels[role]} role.`,
  lastAdmin: "The shop must keep at least one admin: grant the role to someone else first.",
} as const;

/** Every person with a role, by e-mail. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(and(isNotNull(user.role), sql`${user.role} <> ''`))
    .orderBy(asc(user.email));
  return rows.map(toMember).filter((member) => member.roles.length > 0);
}

/** The latest grants and revocations, newest first. */
export async function listRoleChanges(db: Database, limit = 50) {
  return db.select().from(roleChanges).orderBy(desc(roleChanges.id)).limit(limit);
}

/**
 * Gives the account with this e-mail a role, ends its sessions, and records who did it. The account's address must be
 * verified (else anyone could sign up with a new hire's address and wait for the role); an address
 * with no account gets an invitation instead (lib/staff/invitations.ts), whose link is built on `baseURL`.
 */
export async function grantRole(
  db: Database,
  input: { email: string; role: unknown; actor: Actor; baseURL: string },
): Promise<RoleChangeResult> {
  return changeRole(db, { ...input, action: "grant" });
}

/**
 * Takes a role away and ends all of that person's sessions, so the role stops working at once.
 * The last admin keeps theirs.
 */
export async function revokeRole(db: Database, input: { email: string; role: unknown; actor: Actor }): Promise<RevokeResult> {
  // Only a grant invites.
  return changeRole(db, { ...input, action: "revoke" }) as Promise<RevokeResult>;
}

export type RevokeResult = Exclude<RoleChangeResult, { invited: string }>;

async function changeRole(
  db: Database,
  input: { email: string; role: unknown; actor: Actor; action: "grant" | "revoke"; baseURL?: string },
): Promise<RoleChangeResult> {
  const role = staffRoles.find((known) => known === input.role);
  if (!role) return { ok: false, error: staffMessages.unknownRole };
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Admins are counted under a lock, so two admins revoking each other cannot both succeed.
    if (input.action === "revoke" && role === "admin") await tx.execute(sql`lock table ${user} in share row exclusive mode`);
    const [target] = await tx.select().from(user).where(eq(user.email, email)).for("update");
    if (!target && input.action === "grant" && input.baseURL) {
      await invite(tx, { email, role, actor: input.actor, baseURL: input.baseURL });
      return { ok: true as const, invited: email };
    }
    if (!target) return { ok: false as const, error: staffMessages.noAccount(email) };
    if (input.action === "grant" && !target.emailVerified) {
      return { ok: false as const, error: staffMessages.unverified(target.email), unverified: target.email };
    }
    const held = parseRoles(target.role);
    if (input.action === "grant" && held.includes(role)) return { ok: false as const, error: staffMessages.alreadyHolds(role) };
    if (input.action === "revoke" && !held.includes(role)) return { ok: false as const, error: staffMessages.doesNotHold(role) };
    if (input.action === "revoke" && role === "admin" && (await countAdmins(tx)) <= 1) {
      return { ok: false as const, error: staffMessages.lastAdmin };
    }

    const roles = input.action === "grant" ? [...held, role] : held.filter((name) => name !== role);
    const stored = staffRoles.filter((name) => roles.includes(name)).join(",") || null;
    await tx
      .update(user)
      .set({ role: stored, updatedAt: sql`now()` })
      .where(eq(user.id, target.id));
    // Either way the person signs in again: a revoked role stops at once, and a granted one starts
    // from a sign-in that asks for the second factor, never from a session that only had the password.
    await tx.delete(session).where(eq(session.userId, target.id));
    await tx.insert(roleChanges).values({
      actorId: input.actor.id,
      actorLabel: input.actor.label,
      targetId: target.id,
      targetEmail: target.email,
      action: input.action,
      role,
    });
    return { ok: true as const, member: toMember({ ...target, role: stored }) };
  });
}

/** How many accounts hold the admin role. */
export async function countAdmins(db: Database): Promise<number> {
  const rows = await db
    .select({ role: user.role })
    .from(user)
    .where(sql`${user.role} like '%admin%'`);
  return rows.filter((row) => parseRoles(row.role).includes("admin")).length;
}

function toMember(row: { id: string; email: string; name: string; role: string | null; twoFactorEnabled: boolean }): StaffMember {
  return { id: row.id, email: row.email, name: row.name, roles: parseRoles(row.role), twoFactorEnabled: row.twoFactorEnabled };
}
