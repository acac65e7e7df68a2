import "server-only";
import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * An admin's catalog spreadsheet, read and compared with the catalog (lib/catalog/sheet-preview.ts):
 * the plan the preview showed, kept so that 'Apply' changes exactly what the admin saw, with the
 * stock levels it saw. Nothing in the catalog changes until it is applied, once.
 */
export const catalogImports = pgTable(
  "catalog_imports",
  {
    id: serial("id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    fileName: text("file_name").notNull(),
    /** A SheetPlan (lib/catalog/sheet-plan.ts). */
    plan: jsonb("plan").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("catalog_imports_created_at_idx").on(t.createdAt)],
);
