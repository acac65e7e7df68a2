import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { connect } from "../client";
import { products } from "../schema";
import { backup, restore, type Target } from ".";

const scratch = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const hoodie = eq(products.slug, "glow-in-the-dark-hoodie");

/** Opens the target as the shop does (migrated, seeded), runs `work` on it, and closes it. */
async function withShop<T>(target: Target, work: (db: Awaited<ReturnType<typeof connect>>["db"]) => Promise<T>) {
  const connection = await connect({ url: "", ...target }); // "": embedded even when DATABASE_URL is set
  try {
    await connection.prepare(seedIfEmpty);
    return await work(connection.db);
  } finally {
    await connection.close();
  }
}

const hoodieName = (target: Target) => withShop(target, async (db) => (await db.select().from(products).where(hoodie))[0]?.name);

/** seed → backup → change → restore (refused, then forced) → the change is gone; and a restore into an empty database. */
async function roundTrip(target: Target, empty: Target) {
  const file = path.join(scratch, `${"url" in target ? "postgres" : "embedded"}.backup`);
  const original = await hoodieName(target);
  expect(original).toBeTruthy();
  await backup(target, file);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  await withShop(target, (db) => db.update(products).set({ name: "Changed after the backup" }).where(hoodie));

  await expect(restore(target, file)).rejects.toThrow(
    /already holds data \(0 orders, 0 accounts, \d+ products in \d+ tables\).*--force/,
  );
  expect(await hoodieName(target)).toBe("Changed after the backup");
  expect(await restore(target, file, { force: true })).toMatch(/^0 orders, 0 accounts, \d+ products in \d+ tables$/);
  expect(await hoodieName(target)).toBe(original);

  expect(await restore(empty, file)).toBeNull();
  expect(await hoodieName(empty)).toBe(original);
  return file;
}

// Once, in the embedded run: the PostgreSQL run would build the same two embedded databases again.
describe.skipIf(process.env.DATABASE_URL)("backup and restore of the embedded database", () => {
  it("round-trips, refusing to replace data without --force", async () => {
    await roundTrip({ dataDir: path.join(scratch, "data") }, { dataDir: path.join(scratch, "empty") });
  }, 300_000);

  it("refuses a file that is not an embedded backup", async () => {
    const file = path.join(scratch, "not-a-backup.txt");
    writeFileSync(file, "hello");
    await expect(restore({ dataDir: path.join(scratch, "never") }, file)).rejects.toThrow(
      "is not a backup made by npm run db:backup",
    );
  });
});

describe.runIf(process.env.DATABASE_URL)("backup and restore on a PostgreSQL server", () => {
  const names = [`shop_backup_${process.pid}`, `shop_restore_${process.pid}`];
  const onServer = (name: string) => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return { url: url.toString() };
  };
  // One statement at a time: the server runs several sent together in one transaction, which these refuse.
  const admin = (statements: string[]) =>
    withClient(process.env.DATABASE_URL!, async (client) => {
      for (const statement of statements) await client.query(statement);
    });
  const drop = (name: string) => `drop database if exists ${name} with (force)`;
  beforeAll(() => admin(names.flatMap((name) => [drop(name), `create database ${name}`])));
  afterAll(() => admin(names.map(drop)));

  it("round-trips, refusing to replace data without --force", async () => {
    const file = await roundTrip(onServer(names[0]), onServer(names[1]));
    await expect(restore({ dataDir: path.join(scratch, "never") }, file)).rejects.toThrow(
      "is a backup of a PostgreSQL server (DATABASE_URL), but this shop uses the embedded database",
    );
  }, 300_000);
});

async function withClient<T>(url: string, work: (client: Client) => Promise<T>) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
