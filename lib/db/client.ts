import "server-only";
import path from "node:path";
import { attachDatabasePool } from "@vercel/functions";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { env } from "@/lib/env";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The advisory lock's key, the same for every instance of the shop. */
const migrationLock = 727001;

export const migrationsFolder = path.join(/* turbopackIgnore: true */ process.cwd(), "drizzle");

/** The data directory of the embedded database: DATA_DIR, default ./data. */
export function embeddedDataDir(): string {
  return path.resolve(/* turbopackIgnore: true */ env().DATA_DIR);
}

/**
 * The one place that chooses the database: a PostgreSQL server through a pool when
 * DATABASE_URL is set, else embedded PostgreSQL (PGlite) in the data directory.
 * `dataDir: "memory://"` gives a throwaway in-memory database for tests, a copy of the
 * `dumpDataDir()` tarball `loadDataDir` when given.
 */
export async function connect(options: { url?: string; dataDir?: string; poolSize?: number; loadDataDir?: Blob } = {}) {
  const url = options.url ?? env().DATABASE_URL;
  if (url) {
    const { Client, Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: url, max: options.poolSize ?? env().DATABASE_POOL_SIZE });
    // An idle connection the server drops (a restart, a failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => console.error(`Database connection lost: ${error.message}`));
    // Vercel suspends an idle instance with its connections open, and they count against the
    // database's limit until it drops them: keep each instance alive until its pool has closed them.
    if (env().platform === "vercel") attachDatabasePool(pool);
    return {
      db: drizzle(pool, { schema }) as unknown as Database,
      embedded: false,
      // Under an advisory lock, so that several instances sharing the server never migrate or
      // seed at the same time. The lock is transaction-scoped: behind a pooler in transaction mode
      // (Vercel's PostgreSQL integrations) a session lock could be taken on one server connection
      // and its unlock sent to another, leaving it held and every later start waiting forever.
      async prepare(seed?: (db: Database) => Promise<void>) {
        const client = await pool.connect();
        const db = drizzle(client, { schema });
        try {
          await client.query("begin");
          await client.query(`select pg_advisory_xact_lock(${migrationLock})`);
          // The migrator's own `begin` only warns inside ours, and its `commit` ends ours: the
          // lock is held until the migrations are committed, and freed with them.
          await migrate(db, { migrationsFolder });
          if (seed)
            await db.transaction(async (tx) => {
              await tx.execute(sql.raw(`select pg_advisory_xact_lock(${migrationLock})`));
              await seed(tx as unknown as Database);
            });
        } catch (error) {
          await client.query("rollback").catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      /**
       * Calls `onMessage` with each notification on `channel`, on one dedicated connection that
       * reconnects by itself; `onReconnect` runs after each reconnection, since notifications sent
       * while it was down are lost. Returns a function that stops listening.
       */
      listen(channel: string, onMessage: (payload: string) => void, onReconnect: () => void) {
        let stopped = false;
        let client: InstanceType<typeof Client> | null = null;
        void (async () => {
          for (let attempt = 0; !stopped; attempt++) {
            try {
              client = new Client({ connectionString: url });
              client.on("error", () => {}); // A dropped connection also ends it; the loop reconnects.
              client.on("notification", (message) => {
                if (message.channel === channel) onMessage(message.payload ?? "");
              });
              await client.connect();
              await client.query(`listen "${channel}"`);
              if (attempt > 0) onReconnect();
              await new Promise((resolve) => client!.once("end", resolve));
            } catch (error) {
              if (!stopped) console.error(`Listening for ${channel} failed: ${error instanceof Error ? error.message : error}`);
            }
            if (!stopped) await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        })();
        return async () => {
          stopped = true;
          await client?.end().catch(() => {});
        };
      },
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir ?? embeddedDataDir();
  const inMemory = dataDir.startsWith("memory://");
  const { acquireDataDirLock } = await import("./lock");
  const release = inMemory ? () => {} : acquireDataDirLock(dataDir);
  const { ensureDatabase, openPGlite } = await import("./embedded");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!inMemory) await ensureDatabase(dataDir);
  const client = await openPGlite(inMemory ? undefined : dataDir, inMemory ? options.loadDataDir : undefined);
  // Every page of an embedded database is in memory, so an index's random reads cost what a
  // sequential scan's do; PostgreSQL's default (4) makes the planner scan whole tables instead.
  await client.exec("set random_page_cost = 1.1");
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    embedded: true,
    // The directory lock already makes this process the only one.
    async prepare(seed?: (db: Database) => Promise<void>) {
      await migrate(db, { migrationsFolder });
      await seed?.(db as unknown as Database);
    },
    /** Notifications on `channel` from this process (the embedded database has no other client). */
    listen(channel: string, onMessage: (payload: string) => void, _onReconnect: () => void) {
      const unsubscribe = client.listen(channel, onMessage);
      return async () => (await unsubscribe)();
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}
