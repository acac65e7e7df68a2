import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { parseRoles, staffRoleLabels, staffRoles, type StaffRole } from "@/lib/auth/roles";
import type { Database } from "@/lib/db";
import { roleChanges, staffInvitations, user } from "@/lib/db/schema";
import type { Mail } from "@/lib/mail";
import { enqueueMail } from "@/lib/outbox/outbox";
import { site } from "@/lib/site";

export const INVITATION_DAYS = 7;

/** The sign-up page an invitation e-mail links to. */
export const invitationLink = (baseURL: string, token: string) => `${baseURL}/register?invitation=${encodeURIComponent(token)}`;

/**
 * Stores an invitation to `role` for an address with no account, and queues its e-mail in the same
 * transaction. Inviting again replaces the token, so only the newest link works.
 */
export async function invite(tx: Database, input: { email: string; role: StaffRole; actor: Actor; baseURL: string }) {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashOf(token);
  const expiresAt = sql`now() + make_interval(days => ${INVITATION_DAYS})`;
  const invitedBy = { invitedById: input.actor.id, invitedByLabel: input.actor.label };
  await tx
    .insert(staffInvitations)
    .values({ email: input.email, role: input.role, tokenHash, ...invitedBy, expiresAt })
    .onConflictDoUpdate({
      target: [staffInvitations.email, staffInvitations.role],
      set: { tokenHash, ...invitedBy, createdAt: sql`now()`, expiresAt },
    });
  await enqueueMail(
    tx,
    `staff-invitation:${tokenHash}`,
    invitationMail(input.email, input.role, invitationLink(input.baseURL, token)),
  );
}

export type AcceptResult = { ok: true; roles: StaffRole[] } | { ok: false; reason: "invalid" | "other-address" };

/**
 * Takes up the invitations of a new account that signed up from an invitation link. The token
 * was sent only to the invited address, so it verifies that address too; the account must have
 * that address. Every open invitation to it applies, each recorded under who invited.
 */
export async function acceptInvitation(db: Database, input: { token: string; userId: string }): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.tokenHash, hashOf(input.token)), gt(staffInvitations.expiresAt, sql`now()`)))
      .for("update");
    if (!invitation) return { ok: false as const, reason: "invalid" as const };
    const [account] = await tx.select().from(user).where(eq(user.id, input.userId)).for("update");
    if (account?.email !== invitation.email) return { ok: false as const, reason: "other-address" as const };

    const open = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.email, account.email), gt(staffInvitations.expiresAt, sql`now()`)))
      .returning();
    const held = parseRoles(account.role);
    const added = open.filter((row) => !held.includes(row.role));
    const roles = staffRoles.filter((role) => held.includes(role) || added.some((row) => row.role === role));
    await tx
      .update(user)
      .set({ role: roles.join(",") || null, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(user.id, account.id));
    if (added.length > 0) {
      await tx.insert(roleChanges).values(
        added.map((row) => ({
          actorId: row.invitedById,
          actorLabel: row.invitedByLabel,
          targetId: account.id,
          targetEmail: account.email,
          action: "grant" as const,
          role: row.role,
        })),
      );
    }
    return { ok: true as const, roles };
  });
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Only the shop's own words: the address is not known to belong to anyone yet. */
function invitationMail(to: string, role: StaffRole, link: string): Mail {
  return {
    to,
    subject: `You are invited to ${site.name}'s back office`,
    text: [
      "Hello,",
      "",
      `You have been given the ${staffRoleLabels[role]} role in ${site.name}'s back office. To take it up, create your account from this link within ${INVITATION_DAYS} days, with this e-mail address:`,
      "",
      link,
      "",
      "The role applies only to an account created from this link. If you did not expect this e-mail, ignore it.",
    ].join("\n"),
  };
}
