import "server-only";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockFileName } from "./lock";

/** Written by PostgreSQL into every data directory; here it also marks one that is complete. */
const marker = "PG_VERSION";

/**
 * Where a new database is built before it is moved in. Inside the data directory: under its lock,
 * and on the same file system (a Docker volume is often mounted at the data directory itself),
 * where a rename is atomic.
 */
const scratchName = ".creating";

/**
 * PostgreSQL's default 128 MB of shared buffers lives inside the server process with PGlite, for a
 * shop whose whole database, with 10,000 products and their search indexes, is 29 MB. The
 * operating system's file cache keeps the rest.
 */
const embeddedSettings = ["shared_buffers = 32MB"];

/** Opens PGlite with the extensions the shop's migrations use; no `dataDir` means in memory. */
export function openPGlite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir, postgresqlconf: embeddedSettings });
}

/** Whether `dataDir` holds a complete database. */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, marker));
}

/**
 * Makes sure `dataDir` (locked by the caller) holds a database, creating an empty one if not.
 * PGlite writes a new database straight into its directory, and a crash halfway through the
 * first start would leave one that never opens again; createDatabase never leaves half of one.
 */
export async function ensureDatabase(dataDir: string): Promise<void> {
  rmSync(path.join(dataDir, scratchName), { recursive: true, force: true }); // Left by a crash.
  if (!hasDatabase(dataDir)) await createDatabase(dataDir);
}

/**
 * Creates the database in `dataDir` (locked by the caller), from a `dumpDataDir()` tarball when
 * given one, replacing any database there. Built in a scratch directory, then moved in with
 * its marker removed first and put back last: a crash at any moment leaves either a complete
 * database or a directory without the marker, where the next start creates a new one.
 */
export async function createDatabase(dataDir: string, backup?: Blob): Promise<void> {
  const scratch = path.join(dataDir, scratchName);
  rmSync(scratch, { recursive: true, force: true });
  await (await openPGlite(scratch, backup)).close();
  // A backup also holds the lock of the process that made it (and, after a crash, a scratch directory).
  const moved = readdirSync(scratch).filter((name) => ![marker, lockFileName, scratchName].includes(name));
  rmSync(path.join(dataDir, marker), { force: true });
  for (const name of moved) {
    rmSync(path.join(dataDir, name), { recursive: true, force: true });
    renameSync(path.join(scratch, name), path.join(dataDir, name));
  }
  renameSync(path.join(scratch, marker), path.join(dataDir, marker));
  rmSync(scratch, { recursive: true, force: true });
}
