// The built shop as separate server processes, for the tests that run several instances or kill one.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { cpSync, existsSync, openSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { waitForServer } from "../bench/server";
import { serverNodeArgs } from "../server-args.mjs";

const standalone = path.resolve(".next/standalone");

/** Builds the shop when there is no build; otherwise says that it tests the build already there. */
export function ensureBuild(): void {
  if (existsSync(path.join(standalone, "server.js"))) {
    console.log("Testing the existing build in .next (run `npm run build` after changing the shop).");
    return;
  }
  console.log("No build in .next: running `npm run build` first.");
  buildShop();
}

/**
 * `npm run build` without DATABASE_URL: the build is the same for either database, and with a
 * database URL in production the shop's settings check takes it for a deployment that lacks SITE_URL.
 * `buildEnv` adds build-time switches (the bench's NEXT_INLINE_CSS).
 */
export function buildShop(buildEnv: Record<string, string> = {}): void {
  const { DATABASE_URL: _databaseUrl, ...env } = process.env;
  execSync("npm run build", { stdio: "inherit", env: { ...env, ...buildEnv } });
}

export type Instance = { url: string; process: ChildProcess; stop: (signal?: NodeJS.Signals) => Promise<void> };

/**
 * Starts the standalone server on 127.0.0.1:`port` with `env` over this process's environment, its
 * output appended to `logFile`; resolves once /api/health answers 200, fails (stopping it) if it
 * exits first or does not answer within `readyWithinMs`.
 */
export async function startInstance(
  port: number,
  env: Record<string, string>,
  logFile: string,
  readyWithinMs?: number,
): Promise<Instance> {
  cpSync("public", path.join(standalone, "public"), { recursive: true });
  cpSync(".next/static", path.join(standalone, ".next/static"), { recursive: true });
  const log = openSync(logFile, "a");
  const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env, PORT: String(port), HOSTNAME: "127.0.0.1" };
  const child = spawn(process.execPath, [...serverNodeArgs(childEnv), "server.js"], {
    cwd: standalone,
    env: childEnv,
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`the shop on port ${port} exited (${signal ?? code}); see ${logFile}`)),
    ),
  );
  exited.catch(() => {});
  const url = `http://127.0.0.1:${port}`;
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  try {
    await Promise.race([waitForServer(url, "/api/health", readyWithinMs), exited]);
  } catch (error) {
    await stop("SIGKILL");
    throw error;
  }
  return { url, process: child, stop };
}

/** Empties the PostgreSQL database in `url` (every table and the migrations' record): a scratch database only. */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public;");
  } finally {
    await client.end();
  }
}
