import "server-only";
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { StaffRole } from "../values";
import { sqlList } from "../sql-list";
import { user } from "./auth";
import { roleChangeActions, type RoleChangeAction } from "../values";

/** Every grant and revocation of a back-office role: who did what to whom, and when. */
export const roleChanges = pgTable(
  "role_changes",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor as they were named then: an e-mail, or 'command line'. */
    actorLabel: text("actor_label").notNull(),
    targetId: text("target_id").references(() => user.id, { onDelete: "set null" }),
    targetEmail: text("target_email").notNull(),
    action: text("action").$type<RoleChangeAction>().notNull(),
    role: text("role").$type<StaffRole>().notNull(),
  },
  (t) => [
    index("role_changes_at_idx").on(t.at),
    check("role_changes_action_known", sql`${t.action} in (${sqlList(roleChangeActions)})`),
  ],
);

/**
 * A role granted to an address with no account yet. Only a sign-up from the e-mailed link (which
 * carries the token, kept here as its SHA-256) takes it up, and that sign-up verifies the address:
 * someone who signs up first with the same address, without the link, gets no role.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedById: text("invited_by_id").references(() => user.id, { onDelete: "set null" }),
    invitedByLabel: text("invited_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.role] })],
);
