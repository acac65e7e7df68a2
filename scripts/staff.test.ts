import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "@/lib/db/lock";
import { staffMessages } from "@/lib/staff/role-changes";

// The command itself, on a scratch embedded database (the functions it calls are tested in lib/staff).
const dataDir = mkdtempSync(path.join(tmpdir(), "staff-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function staff(...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.resolve("node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/staff.ts", ...args],
      {
        env,
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

// The first command creates, migrates and seeds the database in a cold process: on a busy 2-core
// machine that alone has taken over a minute.
describe("npm run staff", { timeout: 180_000 }, () => {
  it("lists nobody at first, and says how to grant the first admin", async () => {
    expect(await staff("list")).toEqual({ code: 0, out: expect.stringContaining("npm run staff -- grant EMAIL admin") });
  });

  it("invites an address with no account, refuses to revoke from it, and explains its usage", async () => {
    expect(await staff("grant", "nobody@example.com", "admin")).toEqual({
      code: 0,
      // No SMTP server in the tests: the invitation is written to the log, and the command says so.
      out: expect.stringContaining(staffMessages.invited("nobody@example.com", false)),
    });
    expect(await staff("revoke", "nobody@example.com", "admin")).toEqual({
      code: 1,
      out: expect.stringContaining("There is no account for nobody@example.com."),
    });
    expect(await staff("resend-verification", "nobody@example.com")).toEqual({
      code: 0,
      out: expect.stringContaining("The verification e-mail is on its way"),
    });
    expect(await staff("promote", "nobody@example.com")).toEqual({ code: 2, out: expect.stringContaining("Usage:") });
  });

  it("prints the first admin's setup link while the shop has no admin", async () => {
    expect(await staff("setup-link")).toEqual({
      code: 0,
      out: expect.stringMatching(/^Create the first admin's account here: http:\/\/\S+\/setup\?token=[\w-]{43}\n$/),
    });
  });

  it("says what to do instead while the running shop holds the embedded database", async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      const answer = await staff("list");
      expect(answer.code).toBe(1);
      expect(answer.out).toContain(`The shop is running (process ${process.pid})`);
      expect(answer.out).toContain("open the setup link it printed when it started");
      expect(answer.out).toContain(`kill -TERM ${process.pid}`);
    } finally {
      release();
    }
  });
});
