import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Whether the database answers `select 1` within `timeoutMs`. Never throws and never waits
 * longer: a server that is down, unreachable or still being migrated by another instance all
 * count as unreachable. `db` may still be opening, which the timeout then covers too.
 */
export async function isDatabaseReachable(db: Database | Promise<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answered = (async () => {
    await (await db).execute(sql`select 1`);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
