import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { HEAP_CEILING_MB } from "./server-args.mjs";

// serve.mjs started in a folder whose "build" is a server.js that prints the address it was given
// and its heap's ceiling in MB.
const folder = mkdtempSync(path.join(tmpdir(), "serve-"));
mkdirSync(path.join(folder, "public"));
mkdirSync(path.join(folder, ".next/static"), { recursive: true });
mkdirSync(path.join(folder, ".next/standalone"), { recursive: true });
writeFileSync(
  path.join(folder, ".next/standalone/server.js"),
  `console.log(JSON.stringify({ address: \`\${process.env.HOSTNAME}:\${process.env.PORT}\`,
    heapMb: require("node:v8").getHeapStatistics().heap_size_limit / 2 ** 20 }));`,
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function started(env: Record<string, string>): Promise<{ address: string; heapMb: number }> {
  const { HOSTNAME: _hostname, PORT: _port, ...inherited } = process.env;
  const serve = path.resolve("scripts/serve.mjs");
  const { stdout } = await promisify(execFile)(process.execPath, [serve], { cwd: folder, env: { ...inherited, ...env } });
  return JSON.parse(stdout);
}

describe("npm start (scripts/serve.mjs)", () => {
  it("binds to HOSTNAME and PORT, Next.js's own settings", async () => {
    expect((await started({ HOSTNAME: "127.0.0.1", PORT: "3999" })).address).toBe("127.0.0.1:3999");
  });

  it("binds to every interface on port 3000 without them", async () => {
    expect((await started({})).address).toBe("0.0.0.0:3000");
  });

  it("caps the server's heap, unless NODE_OPTIONS sets its own ceiling", async () => {
    // V8 adds its young generation's space to the old space's ceiling.
    const capped = (await started({})).heapMb;
    expect(capped).toBeGreaterThanOrEqual(HEAP_CEILING_MB);
    expect(capped).toBeLessThan(HEAP_CEILING_MB + 64);
    expect((await started({ NODE_OPTIONS: "--max-old-space-size=1024" })).heapMb).toBeGreaterThanOrEqual(1024);
  });
});
