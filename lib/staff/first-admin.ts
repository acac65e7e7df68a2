import "server-only";
import { eq, sql } from "drizzle-orm";
import { parseRoles, staffRoles } from "@/lib/auth/roles";
import type { Database } from "@/lib/db";
import { roleChanges, user } from "@/lib/db/schema";
import { sameSecret } from "@/lib/secrets";
import { countAdmins } from "./role-changes";

/**
 * The first admin, made while the shop runs: until an admin exists, the server prints a setup link
 * at start (lib/server/first-admin.ts) whose token only the shop's own secret yields. Signing up
 * from it makes that account the admin, with its address verified by the token (only whoever reads
 * the server's output has it). Once an admin exists, the link does nothing.
 */
export const setupPath = "/setup";

/** The setup link the server prints, on the shop's address. */
export const setupLink = (baseURL: string, token: string) => `${baseURL}${setupPath}?token=${encodeURIComponent(token)}`;

/** The role-change record names the link as the actor: nobody granted it. */
export const setupActor = { id: null, label: "setup link" } as const;

export type SetupCheck = { ok: true } | { ok: false; reason: "invalid" | "admin-exists" };

export const setupMessages = {
  invalid: "This setup link is not right. Copy the whole link the shop printed when it started.",
  "admin-exists": "The shop already has an admin, so this setup link no longer works. Sign in instead.",
} as const satisfies Record<Exclude<SetupCheck, { ok: true }>["reason"], string>;

/** Whether the presented token opens the setup page: the right one, while no admin exists. */
export async function checkSetupToken(db: Database, input: { presented: string; expected: string }): Promise<SetupCheck> {
  if (!sameSecret(input.presented, input.expected)) return { ok: false, reason: "invalid" };
  if ((await countAdmins(db)) > 0) return { ok: false, reason: "admin-exists" };
  return { ok: true };
}

/**
 * Makes a newly signed-up account the first admin, address verified, recorded under the setup
 * link. The user table is locked while admins are counted, so two setups at once make one admin.
 */
export async function claimFirstAdmin(
  db: Database,
  input: { presented: string; expected: string; userId: string },
): Promise<SetupCheck> {
  if (!sameSecret(input.presented, input.expected)) return { ok: false, reason: "invalid" };
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${user} in share row exclusive mode`);
    if ((await countAdmins(tx)) > 0) return { ok: false as const, reason: "admin-exists" as const };
    const [account] = await tx.select().from(user).where(eq(user.id, input.userId));
    if (!account) return { ok: false as const, reason: "invalid" as const };
    const held = parseRoles(account.role);
    const roles = staffRoles.filter((role) => role === "admin" || held.includes(role));
    await tx
      .update(user)
      .set({ role: roles.join(","), emailVerified: true, updatedAt: sql`now()` })
      .where(eq(user.id, account.id));
    await tx.insert(roleChanges).values({
      actorId: setupActor.id,
      actorLabel: setupActor.label,
      targetId: account.id,
      targetEmail: account.email,
      action: "grant",
      role: "admin",
    });
    return { ok: true as const };
  });
}
