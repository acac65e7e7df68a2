import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// serve.mjs started in a folder whose "build" is a server.js that prints the address it was given.
const folder = mkdtempSync(path.join(tmpdir(), "serve-"));
mkdirSync(path.join(folder, "public"));
mkdirSync(path.join(folder, ".next/static"), { recursive: true });
mkdirSync(path.join(folder, ".next/standalone"), { recursive: true });
writeFileSync(path.join(folder, ".next/standalone/server.js"), "console.log(`${process.env.HOSTNAME}:${process.env.PORT}`);");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function boundTo(env: Record<string, string>) {
  const { HOSTNAME: _hostname, PORT: _port, ...inherited } = process.env;
  const serve = path.resolve("scripts/serve.mjs");
  const { stdout } = await promisify(execFile)(process.execPath, [serve], { cwd: folder, env: { ...inherited, ...env } });
  return stdout.trim();
}

describe("npm start (scripts/serve.mjs)", () => {
  it("binds to HOSTNAME and PORT, Next.js's own settings", async () => {
    expect(await boundTo({ HOSTNAME: "127.0.0.1", PORT: "3999" })).toBe("127.0.0.1:3999");
  });

  it("binds to every interface on port 3000 without them", async () => {
    expect(await boundTo({})).toBe("0.0.0.0:3000");
  });
});
