import { demoSeedFor } from "@/lib/catalog/seed";
import { connect, type Database } from "./client";

export type { Database } from "./client";

export type Connection = Awaited<ReturnType<typeof connect>>;

// One connection per server process, kept across dev reloads of this module.
const globalForDb = globalThis as unknown as { shopDb?: Promise<Connection> };

/** The shop's database, migrated (and, embedded, seeded) on first use. Never called by `next build`. */
export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/** The shop's connection: its database, and a channel to listen on (lib/cache, background work). */
export function getConnection(): Promise<Connection> {
  globalForDb.shopDb ??= open().catch((error) => {
    globalForDb.shopDb = undefined;
    throw error;
  });
  return globalForDb.shopDb;
}

/** Closes the shop's connection if one was opened: the last thing a stopping server process does. */
export async function closeConnection(): Promise<void> {
  const opened = globalForDb.shopDb;
  globalForDb.shopDb = undefined;
  await (await opened?.catch(() => undefined))?.close();
}

async function open(): Promise<Connection> {
  const connection = await connect();
  await connection.prepare(demoSeedFor(connection));
  return connection;
}
