import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import type { Database } from "@/lib/db";

/**
 * A cached read that static pages make, at build time too. A build with a PostgreSQL server
 * (Vercel's, which migrates first) reads it, so a deployment's pages show what was saved from the
 * first request: no process there could expire a default baked in. A build never opens the embedded
 * database, which the running shop holds: it renders `fallback`, and the server never serves that
 * render (cache-handler.mjs): each page's first visit after a start renders it again.
 */
export async function readUnlessEmbeddedBuild<T>(
  phase: string | undefined,
  databaseUrl: string | undefined,
  openDb: () => Promise<Database>,
  read: (db: Database) => Promise<T>,
  fallback: T,
): Promise<T> {
  if (phase === PHASE_PRODUCTION_BUILD && !databaseUrl) return fallback;
  return read(await openDb());
}
