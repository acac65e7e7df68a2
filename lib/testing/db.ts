import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { connect, type Connection, type Database } from "@/lib/db";
import { onServer, withDatabase } from "./global-setup";

/**
 * A fresh, migrated and seeded database of its own for data-layer tests: a copy of the one the
 * run's global setup built (lib/testing/global-setup.ts), on the PostgreSQL server in DATABASE_URL
 * (dropped again on close) when set, else in memory. The migrations' real path on a first start is
 * tested in lib/db/embedded.test.ts, and on the server by the global setup itself.
 */
export async function openTestDb(): Promise<Connection> {
  const from = inject("testDatabase");
  if ("tarball" in from) return connect({ url: "", dataDir: "memory://", loadDataDir: new Blob([readFileSync(from.tarball)]) });

  // A file-level copy of the template: much faster than migrating, and files can run side by side.
  const { serverUrl, template } = from;
  const name = `${template}_${randomUUID().slice(0, 8)}`;
  await onServer(serverUrl, `create database "${name}" template "${template}"`);
  const connection = await connect({ url: withDatabase(serverUrl, name) });
  return {
    ...connection,
    async close() {
      await connection.close();
      await onServer(serverUrl, `drop database "${name}" with (force)`);
    },
  };
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
