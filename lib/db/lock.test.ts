import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock } from "./lock";

const tryLockInChild = (dir: string) =>
  spawnSync(
    process.execPath,
    ["--import", "tsx", "-e", `import("./lib/db/lock.ts").then(m => m.acquireDataDirLock(${JSON.stringify(dir)}))`],
    {
      encoding: "utf8",
    },
  );

describe("embedded database lock", () => {
  it("refuses a second process with a message naming the directory", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
    const release = acquireDataDirLock(dir);
    const child = tryLockInChild(dir);
    release();
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain(`The embedded database in ${dir} is already in use by process ${process.pid}`);
  });

  it("recovers a stale lock left by a dead process", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!; // exited already
    writeFileSync(path.join(dir, "shop.lock"), String(dead));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("lets the next process in once the owner releases it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
    acquireDataDirLock(dir)();
    expect(tryLockInChild(dir).status).toBe(0);
  });
});
