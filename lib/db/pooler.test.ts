import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "./client";

const pgbouncer = "/usr/sbin/pgbouncer";
const serverUrl = process.env.DATABASE_URL;
const port = Number(process.env.PGBOUNCER_TEST_PORT ?? 6433);

/**
 * Vercel's PostgreSQL integrations hand out URLs of a pooler in transaction mode, where each
 * transaction may run on a different server connection. A session-level lock taken on one and
 * released on another stays held forever, and every later cold start waits on it.
 */
describe.runIf(serverUrl && existsSync(pgbouncer))("behind PgBouncer in transaction mode", () => {
  let bouncer: ChildProcess;
  let dir: string;
  let pooledUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "pgbouncer-"));
    chmodSync(dir, 0o755);
    const server = new URL(serverUrl!);
    pooledUrl = `postgres://${server.username}:${server.password}@127.0.0.1:${port}${server.pathname}`;
    writeFileSync(
      path.join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `* = host=${server.hostname} port=${server.port || 5432} user=${server.username} password=${server.password}`,
        "[pgbouncer]",
        `listen_addr = 127.0.0.1`,
        `listen_port = ${port}`,
        "unix_socket_dir =",
        "auth_type = any",
        "pool_mode = transaction",
        "default_pool_size = 3",
        "ignore_startup_parameters = extra_float_digits,options",
      ].join("\n"),
    );
    // PgBouncer refuses to run as root (as in CI's containers); it can drop to nobody.
    const asNobody = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
    bouncer = spawn(pgbouncer, [...asNobody, path.join(dir, "pgbouncer.ini")], { stdio: "ignore" });
    await waitUntilReachable(pooledUrl);
    await onServer((db) => db.execute("drop schema if exists drizzle cascade; drop schema public cascade; create schema public"));
  });

  afterAll(() => {
    bouncer?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("migrates a fresh database from 4 simultaneous cold starts, one at a time", async () => {
    await expect(withTimeout(coldStarts(4, pooledUrl), 15_000, "the cold starts hung")).resolves.toBeDefined();
  });

  it("never leaves the lock held after 3 rounds of 4 simultaneous cold starts", async () => {
    await coldStarts(1, serverUrl!); // migrated, as after the first deploy
    for (let round = 1; round <= 3; round++) {
      await expect(withTimeout(coldStarts(4, pooledUrl), 15_000, `round ${round} hung`)).resolves.toBeDefined();
    }
    const { rows } = (await onServer((db) =>
      db.execute(
        // This database's: other test files run beside this one, each in its own.
        "select count(*)::int as count from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      ),
    )) as { rows: unknown[] };
    expect(rows).toEqual([{ count: 0 }]);
  });
});

/** `count` server instances starting at once: each opens its pool and prepares the database. */
function coldStarts(count: number, url: string) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const connection = await connect({ url, poolSize: 2 });
      try {
        await connection.prepare();
      } finally {
        await connection.close();
      }
    }),
  );
}

/** Runs `query` on a direct connection to the PostgreSQL server, past the pooler. */
async function onServer<T>(query: (db: Database) => Promise<T>): Promise<T> {
  const connection = await connect({ url: serverUrl, poolSize: 1 });
  try {
    return await query(connection.db);
  } finally {
    await connection.close();
  }
}

async function waitUntilReachable(url: string) {
  for (let attempt = 0; ; attempt++) {
    const connection = await connect({ url, poolSize: 1 });
    try {
      await connection.db.execute("select 1");
      return;
    } catch (error) {
      if (attempt > 50) throw error;
      await sleep(100);
    } finally {
      await connection.close();
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(message)))]);
}
