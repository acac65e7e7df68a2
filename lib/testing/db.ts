import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { connect, type Connection, type Database } from "@/lib/db";

/**
 * A fresh, migrated and seeded database for data-layer tests: the PostgreSQL server in
 * DATABASE_URL (emptied first) when set, else an in-memory embedded database.
 */
export async function openTestDb() {
  const url = process.env.DATABASE_URL;
  const connection = await connect(url ? { url } : { dataDir: "memory://" });
  if (url)
    await connection.db.execute(sql`drop schema if exists drizzle cascade; drop schema public cascade; create schema public`);
  await connection.prepare(seedIfEmpty);
  return connection;
}

/** Opens a fresh test database before a test file's tests, hands it to `use`, and closes it after them. */
export function withTestDb(use: (db: Database) => void): void {
  withTestConnection((connection) => use(connection.db));
}

/** Like withTestDb, with the whole connection (for tests that listen for notifications). */
export function withTestConnection(use: (connection: Connection) => void): void {
  let connection: Connection;
  beforeAll(async () => {
    connection = await openTestDb();
    use(connection);
  });
  afterAll(() => connection.close());
}
