import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { connect } from "./client";
import { hasDatabase, openPGlite } from "./embedded";
import { products } from "./schema";

const scratchDirs: string[] = [];
afterAll(() => scratchDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function newDataDir() {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "shop-first-start-")), "data");
  scratchDirs.push(path.dirname(dir));
  return dir;
}

/** Opens the directory as the shop does on start, and finds the seeded hoodie. */
async function startShop(dataDir: string) {
  const connection = await connect({ url: "", dataDir });
  try {
    await connection.prepare(seedIfEmpty);
    const [hoodie] = await connection.db.select().from(products).where(eq(products.slug, "glow-in-the-dark-hoodie"));
    return hoodie?.category;
  } finally {
    await connection.close();
  }
}

describe("the embedded database's first start", () => {
  it("recovers from a crash that left a stale lock, a half-built database and half of it moved in", async () => {
    const dataDir = newDataDir();
    mkdirSync(path.join(dataDir, ".creating/base/1"), { recursive: true });
    writeFileSync(path.join(dataDir, ".creating/base/1/1259"), "half a page");
    mkdirSync(path.join(dataDir, "base/1"), { recursive: true });
    writeFileSync(path.join(dataDir, "base/1/1247"), "half a page");
    writeFileSync(path.join(dataDir, "postgresql.conf"), "");
    writeFileSync(path.join(dataDir, "shop.lock"), String(spawnSync(process.execPath, ["-e", "0"]).pid)); // a dead owner

    expect(await startShop(dataDir)).toBe("hoodies");
    expect(readdirSync(dataDir)).not.toContain(".creating");
    expect(await startShop(dataDir)).toBe("hoodies"); // and it opens again, with its data
  }, 180_000);

  it("opens fine after a first start killed while the database was being written", async () => {
    const dataDir = newDataDir();
    const child = spawn(process.execPath, [
      "--conditions=react-server",
      "--import",
      "tsx",
      "-e",
      `import("./lib/db/client.ts").then((m) => m.connect({ url: "", dataDir: ${JSON.stringify(dataDir)} }))`,
    ]);
    const scratch = path.join(dataDir, ".creating");
    const poll = setInterval(() => {
      // While PGlite writes the new database's files.
      if (existsSync(scratch) && readdirSync(scratch).length > 0) child.kill("SIGKILL");
    }, 2);
    const [, signal] = await once(child, "exit");
    clearInterval(poll);
    expect(signal).toBe("SIGKILL");
    expect(hasDatabase(dataDir)).toBe(false);

    expect(await startShop(dataDir)).toBe("hoodies");
  }, 180_000);
});

describe("the embedded database's settings", () => {
  it("keeps 32 MB of shared buffers in the server's memory, not PostgreSQL's default 128 MB", async () => {
    const db = await openPGlite();
    try {
      expect((await db.query("show shared_buffers")).rows).toEqual([{ shared_buffers: "32MB" }]);
    } finally {
      await db.close();
    }
  });
});
