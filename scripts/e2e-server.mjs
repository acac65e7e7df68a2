// Starts the built shop for the end-to-end tests on a fresh database:
// a new embedded data directory, or an emptied schema on the PostgreSQL server in DATABASE_URL.
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const port = process.env.PORT ?? "3000";
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public;");
  await client.end();
} else {
  process.env.DATA_DIR = path.resolve(".data", `e2e-${port}`);
  rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
await import("./serve.mjs");
