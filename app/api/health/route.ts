import { getDb } from "@/lib/server/database";
import { isDatabaseReachable } from "@/lib/db/health";

export const dynamic = "force-dynamic";

/** 200 once the database is open, migrated and answering; 503 within 2 s otherwise (for load balancers and tests). */
export async function GET() {
  const ok = await isDatabaseReachable(getDb(), 2000);
  return Response.json({ ok }, { status: ok ? 200 : 503 });
}
