import "server-only";
import { readFileSync, writeFileSync } from "node:fs";
import { createDatabase, hasDatabase, openPGlite } from "../embedded";
import { acquireDataDirLock } from "../lock";
import { describeContents, refusal } from "./contents";

// The data directory's lock makes both refuse while the shop (or anything else) has it open.

/** Writes a gzipped tarball of the embedded database in `dataDir` to `file`. */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  if (!hasDatabase(dataDir)) throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  const release = acquireDataDirLock(dataDir);
  try {
    const pglite = await openPGlite(dataDir);
    try {
      await pglite.exec("checkpoint"); // Writes every change into the data files, so the copy needs no WAL replay.
      const tarball = await pglite.dumpDataDir("gzip");
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database in `dataDir` with the tarball in `file`, unless it holds data
 * and `force` is false. Returns what it replaced, in words (null: nothing). The old database
 * stays whole until the backup has been unpacked and opened in a scratch directory.
 */
export async function restoreEmbedded(dataDir: string, file: string, force: boolean): Promise<string | null> {
  const backup = new Blob([readFileSync(file)], { type: "application/gzip" });
  const release = acquireDataDirLock(dataDir);
  try {
    const replaced = hasDatabase(dataDir) ? await describeExisting(dataDir) : null;
    if (replaced && !force) throw refusal(`The embedded database in ${dataDir}`, replaced, file);
    await createDatabase(dataDir, backup);
    return replaced;
  } finally {
    release();
  }
}

/** What the database in `dataDir` holds, in words; one that does not open still counts as data. */
async function describeExisting(dataDir: string): Promise<string | null> {
  try {
    const pglite = await openPGlite(dataDir);
    try {
      return await describeContents(pglite);
    } finally {
      await pglite.close();
    }
  } catch (error) {
    return `a database that does not open: ${error instanceof Error ? error.message : error}`;
  }
}
