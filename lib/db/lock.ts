import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The lock file, inside the data directory it protects. */
export const lockFileName = "shop.lock";

/**
 * PGlite takes no lock on its directory, and two processes writing to it silently lose data.
 * This holds an exclusive lock file (owner's pid inside) for the life of the process.
 * A lock left by a dead process is recovered; a live owner makes us fail at once.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => rmSync(lockPath, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(readFileSync(lockPath, "utf8").trim());
    if (owner === process.pid) return () => {}; // Already ours (a module reloaded in dev).
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new DataDirInUse(dataDir, owner);
    rmSync(lockPath, { force: true }); // Stale: its owner is gone.
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}.`);
}

/** Another live process (usually the running shop) holds the data directory. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already in use by process ${owner}. ` +
        "Stop that process, or point DATA_DIR at another directory.",
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
