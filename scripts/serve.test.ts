import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { accepts } from "./accepts";
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

// `npm start` in a folder with the shop's own start script and serve.mjs, whose "build" listens on
// PORT and holds a lock file until SIGTERM, then lets both go after a short drain (as the shop
// finishes its requests and closes its database).
describe("npm start under a process manager", () => {
  it("stops the whole server when npm alone gets SIGTERM, freeing the port and the lock", async () => {
    const app = mkdtempSync(path.join(tmpdir(), "serve-npm-"));
    let group: number | undefined;
    try {
      cpSync(folder, app, { recursive: true });
      // serve.mjs and the modules it and the server load (server-args.mjs names them).
      for (const file of readdirSync("scripts").filter((name) => name.endsWith(".mjs"))) {
        cpSync(`scripts/${file}`, `${app}/scripts/${file}`);
      }
      const { scripts } = JSON.parse(readFileSync("package.json", "utf8"));
      writeFileSync(`${app}/package.json`, JSON.stringify({ name: "serve-test", scripts: { start: scripts.start } }));
      const lock = path.join(app, "shop.lock");
      writeFileSync(
        path.join(app, ".next/standalone/server.js"),
        `const fs = require("node:fs");
        const server = require("node:http").createServer().listen(Number(process.env.PORT), "127.0.0.1", () => {
          fs.writeFileSync(${JSON.stringify(lock)}, String(process.pid));
          console.log("listening");
        });
        process.on("SIGTERM", () => setTimeout(() => { fs.rmSync(${JSON.stringify(lock)}); server.close(() => process.exit(0)); }, 300));`,
      );
      const port = 3990;
      // Its own process group, so that `finally` can end whatever a failure leaves behind.
      const npm = spawn("npm", ["start"], {
        cwd: app,
        env: { ...process.env, PORT: String(port) },
        stdio: ["ignore", "pipe", "inherit"],
        detached: true,
      });
      group = npm.pid;
      await new Promise<void>((resolve) => npm.stdout.on("data", (chunk) => String(chunk).includes("listening") && resolve()));
      expect(existsSync(lock)).toBe(true);

      npm.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 5_000)); // the drain above takes 0.3 s
      expect(existsSync(lock)).toBe(false);
      expect(await accepts(port)).toBe(false);
    } finally {
      try {
        if (group) process.kill(-group, "SIGKILL");
      } catch {} // the group is gone: nothing was left behind
      rmSync(app, { recursive: true, force: true });
    }
  });
});
