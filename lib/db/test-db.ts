import { sql } from "drizzle-orm";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { connect } from "./client";

/**
 * A fresh, migrated and seeded database for data-layer tests: the PostgreSQL server in
 * DATABASE_URL (emptied first) when set, else an in-memory embedded database.
 */
export async function openTestDb() {
  const url = process.env.DATABASE_URL;
  const connection = await connect(url ? { url } : { dataDir: "memory://" });
  if (url) await connection.db.execute(sql`drop schema if exists drizzle cascade; drop schema public cascade; create schema public`);
  await connection.prepare(seedIfEmpty);
  return connection;
}
