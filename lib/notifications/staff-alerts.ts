import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { hasAnyRole, parseRoles } from "@/lib/auth/roles";
import type { Database } from "@/lib/db";
import { notifications, staffAlertSettings, user, type NotificationKind } from "@/lib/db/schema";
import type { Mail } from "@/lib/mail";
import { enqueueMail } from "@/lib/outbox/outbox";

/** An order event for the back office: the bell's words and link, and the e-mail for those who opted in. */
export type StaffAlert = {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** For members who chose e-mails of new orders: the outbox key (unique per event) and the message. */
  newOrderEmail?: { key: string; mail: Omit<Mail, "to"> };
};

/**
 * Rings the bell of every member with the staff or admin role (those who handle orders), and
 * queues the new-order e-mail to those who opted in, inside the caller's transaction.
 */
export async function alertStaff(tx: Database, alert: StaffAlert): Promise<void> {
  const members = (await listRoleHolders(tx)).filter((member) => hasAnyRole(parseRoles(member.role), ["staff"]));
  if (members.length === 0) return;
  const { kind, title, body, link, newOrderEmail } = alert;
  await tx.insert(notifications).values(members.map((member) => ({ userId: member.id, kind, title, body, link })));
  if (!newOrderEmail) return;
  for (const member of members.filter((candidate) => candidate.newOrderEmails))
    await enqueueMail(tx, `${newOrderEmail.key}:${member.id}`, { ...newOrderEmail.mail, to: member.email });
}

/** The back office's choice of new-order e-mails: a checkbox, sent as "on" when ticked, absent when not. */
export const newOrderEmailsSchema = z.object({ newOrderEmails: z.literal("on").optional() });

export const staffAlertMessages = {
  saved: (wanted: boolean) =>
    wanted ? "Saved. You will get an e-mail for every new order." : "Saved. You will get no e-mails of new orders.",
  unknownChoice: "Tick the box or leave it empty, then save.",
};

/** Whether the member has chosen an e-mail for every new order. */
export async function wantsNewOrderEmails(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select().from(staffAlertSettings).where(eq(staffAlertSettings.userId, userId));
  return row?.newOrderEmails ?? false;
}

/** Records the member's choice of new-order e-mails. */
export async function setNewOrderEmails(db: Database, userId: string, wanted: boolean): Promise<void> {
  await db
    .insert(staffAlertSettings)
    .values({ userId, newOrderEmails: wanted })
    .onConflictDoUpdate({ target: staffAlertSettings.userId, set: { newOrderEmails: wanted, updatedAt: sql`now()` } });
}

/** Everyone with any role, with their e-mail choice; the caller keeps those whose roles handle orders. */
function listRoleHolders(tx: Database) {
  return tx
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      newOrderEmails: sql<boolean>`coalesce(${staffAlertSettings.newOrderEmails}, false)`,
    })
    .from(user)
    .leftJoin(staffAlertSettings, eq(staffAlertSettings.userId, user.id))
    .where(and(isNotNull(user.role), sql`${user.role} <> ''`));
}
