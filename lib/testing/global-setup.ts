import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { connect } from "@/lib/db/client";
import { deliveryZones } from "@/lib/db/schema";
import { openPGlite } from "@/lib/db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    /** What each test file's database is copied from (lib/testing/db.ts). */
    testDatabase: { tarball: string } | { serverUrl: string; template: string };
  }
}

/**
 * Vitest's global setup: migrates and seeds one database per run, which each test file then
 * copies, instead of each file running initdb, 20 migrations and the seed (seconds per file).
 * On PostgreSQL, a template database beside DATABASE_URL's; embedded, a tarball of a data directory.
 * Returns the teardown, which drops every database of this run, even those of a crashed file.
 */
export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(path.join(tmpdir(), "shop-test-db-"));
  const serverUrl = process.env.DATABASE_URL;
  const prefix = serverUrl ? `${new URL(serverUrl).pathname.slice(1)}_run${process.pid}` : "";
  const teardown = async () => {
    rmSync(scratch, { recursive: true, force: true });
    if (serverUrl) await dropDatabases(serverUrl, prefix);
  };
  try {
    if (serverUrl) {
      await onServer(serverUrl, `create database "${prefix}"`);
      await migrateAndSeed({ url: withDatabase(serverUrl, prefix) });
      project.provide("testDatabase", { serverUrl, template: prefix });
    } else {
      const dataDir = path.join(scratch, "data");
      await migrateAndSeed({ url: "", dataDir }); // "": embedded, whatever the environment says
      const tarball = path.join(scratch, "seeded.tar");
      writeFileSync(tarball, await dumpDataDir(dataDir));
      project.provide("testDatabase", { tarball });
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/** `url` with its database name replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** Runs `statement` on its own connection: `create database` and `drop database` refuse a transaction. */
export async function onServer(url: string, statement: string, values: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** The real migration and seed path, as the shop takes it on a first start. */
async function migrateAndSeed(target: Parameters<typeof connect>[0]) {
  const connection = await connect(target);
  try {
    await connection.prepare(seedIfEmpty);
    // The tests' shop offers pay on delivery in every county, as it did before couriers, so that their
    // orders to the fixtures' county (a courier's) may pay on delivery; lib/couriers' tests set their own.
    await connection.db.update(deliveryZones).set({ payOnDelivery: true });
  } finally {
    await connection.close();
  }
}

/** An uncompressed tarball (unpacking gzip costs each file most of a second) of a closed data directory. */
async function dumpDataDir(dataDir: string): Promise<Buffer> {
  const pglite = await openPGlite(dataDir);
  try {
    return Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

async function dropDatabases(serverUrl: string, prefix: string) {
  const rows = await onServer(serverUrl, "select datname from pg_database where starts_with(datname, $1)", [prefix]);
  for (const { datname } of rows) await onServer(serverUrl, `drop database if exists "${datname}" with (force)`);
}
