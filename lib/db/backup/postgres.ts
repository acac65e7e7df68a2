import "server-only";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { describeContents, refusal } from "./contents";

// PostgreSQL's own tools, from the server's major version or newer (Debian: postgresql-client).

/** Writes the database at `url` to `file` in pg_dump's custom format (a consistent snapshot; the shop may run). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], url);
}

/**
 * Replaces the database at `url` with the pg_dump archive in `file`, unless it holds data and
 * `force` is false. Returns what it replaced, in words (null: nothing). One transaction: a
 * failed restore leaves the database as it was.
 */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<string | null> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const replaced = await describeContents(client).finally(() => client.end());
  const { pathname, host } = new URL(url);
  if (replaced && !force) throw refusal(`The database ${pathname.slice(1)} on ${host}`, replaced, file);
  // pg_restore writes the archive as SQL, checked whole before psql runs any of it, so that a
  // broken archive never commits half a database.
  const scratch = mkdtempSync(path.join(tmpdir(), "shop-restore-"));
  try {
    const script = path.join(scratch, "restore.sql");
    await run("pg_restore", ["--no-owner", "--no-privileges", "--no-comments", `--file=${script}`, file]);
    const wipe = "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public";
    const steps = [...(replaced ? ["--command", wipe] : []), "--file", script];
    await run("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction", ...steps], url);
    return replaced;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs one of PostgreSQL's tools, connected to `url` when given, failing with the tool's own message. */
async function run(tool: string, args: string[], url?: string): Promise<void> {
  const env = { ...process.env };
  if (url) {
    // The password goes in the environment: a command line is visible to every user in `ps`.
    const target = new URL(url);
    if (target.password) env.PGPASSWORD = decodeURIComponent(target.password);
    target.password = "";
    args = [...args, `--dbname=${target}`];
  }
  try {
    await promisify(execFile)(tool, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as NodeJS.ErrnoException & { stderr?: string };
    if (failed.code === "ENOENT") {
      throw new Error(`${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`);
    }
    throw new Error(`${tool} failed: ${failed.stderr?.trim() || failed.message}`);
  }
}
