import "server-only";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { followUpEachRequest } from "@/lib/after-response";
import { connect, type Connection, type Database } from "@/lib/db";
import { env } from "@/lib/env";
import { followUpsFor } from "./follow-ups";

// One connection per server process, kept across dev reloads of this module.
const globalForDb = globalThis as unknown as { shopDb?: Promise<Connection> };

/** The shop's database, migrated (and, embedded, seeded) on first use. Never called by `next build`. */
export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

/** The shop's connection: its database, and a channel to listen on (lib/cache, background work). */
export function getConnection(): Promise<Connection> {
  globalForDb.shopDb ??= openServerDatabase().catch((error) => {
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

/** The server's own connection; requests follow up their changes where the platform needs it. */
async function openServerDatabase(): Promise<Connection> {
  const connection = await openShopDatabase();
  followUpEachRequest(followUpsFor(env().platform, connection.db));
  return connection;
}

/**
 * Opens and migrates the shop's database, as the server and the maintenance commands do. The one
 * place that chooses the demo catalog: an embedded database gets it while its catalog is empty; a
 * PostgreSQL server holds the shop's real catalog and is never seeded here.
 */
export async function openShopDatabase(options?: Parameters<typeof connect>[0]): Promise<Connection> {
  const connection = await connect(options);
  await connection.prepare(connection.embedded ? seedIfEmpty : undefined);
  return connection;
}
