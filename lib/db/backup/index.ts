import "server-only";
import { chmodSync, closeSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { env } from "@/lib/env";
import { embeddedDataDir } from "../client";
import { backupEmbedded, restoreEmbedded } from "./embedded";
import { backupPostgres, restorePostgres } from "./postgres";

/** The shop's database: a PostgreSQL server, or the embedded one in a data directory. */
export type Target = { url: string } | { dataDir: string };

/** The database the shop's settings point at. */
export function shopDatabase(): Target {
  const url = env().DATABASE_URL;
  return url ? { url } : { dataDir: embeddedDataDir() };
}

/** Writes a backup of the database to `file`, readable by its owner only, once it is complete. */
export async function backup(target: Target, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    if ("url" in target) await backupPostgres(target.url, partial);
    else await backupEmbedded(target.dataDir, partial);
    chmodSync(partial, 0o600); // It holds password hashes and sessions, which only the owner should read.
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Replaces the database with the backup in `file`. Without `force` it refuses (throws) when the
 * database already holds data; returns what it replaced, in words (null: nothing).
 */
export async function restore(target: Target, file: string, { force = false } = {}): Promise<string | null> {
  const kind = backupKind(file);
  const wanted = "url" in target ? "postgres" : "embedded";
  if (kind !== wanted) {
    throw new Error(
      kind
        ? `${file} is a backup of ${describeKind[kind]}, but this shop uses ${describeKind[wanted]}.`
        : `${file} is not a backup made by npm run db:backup.`,
    );
  }
  return "url" in target ? restorePostgres(target.url, file, force) : restoreEmbedded(target.dataDir, file, force);
}

const describeKind = { postgres: "a PostgreSQL server (DATABASE_URL)", embedded: "the embedded database" };

/** Which database a backup file came from, by its first bytes: pg_dump's archive or PGlite's gzipped tarball. */
function backupKind(file: string): keyof typeof describeKind | null {
  const start = Buffer.alloc(5);
  const fd = openSync(file, "r");
  try {
    readSync(fd, start, 0, start.length, 0);
  } finally {
    closeSync(fd);
  }
  if (start.toString("latin1") === "PGDMP") return "postgres";
  if (start[0] === 0x1f && start[1] === 0x8b) return "embedded";
  return null;
}
