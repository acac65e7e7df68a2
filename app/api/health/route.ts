import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Ready once the database is open, migrated and seeded (used by tests and load balancers). */
export async function GET() {
  const db = await getDb();
  await db.execute(sql`select 1`);
  return Response.json({ ok: true });
}
