import "server-only";
import { and, eq, like } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { verification } from "@/lib/db/schema/auth";

/**
 * Deletes every outstanding password-reset link of an account (Better Auth keeps each as a
 * `reset-password:<token>` verification whose value is the user's id). Called after a reset and
 * after a password change: an older link must not change the password again.
 */
export async function deleteResetTokens(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
}
