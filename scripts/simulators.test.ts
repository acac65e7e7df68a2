import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accepts } from "./accepts";

// Issue 55: `npm run <simulator>` read no `.env`, and stopping npm left the simulator (under sh and
// tsx) holding its port. Each runs here from a folder with the shop's scripts and a `.env` naming
// its port, and npm alone gets SIGTERM, as a terminal's or a process manager's stop sends it.
const simulators = [
  { script: "mpesa:simulator", portSetting: "MPESA_SIMULATOR_PORT", port: 3981 },
  { script: "sms:simulator", portSetting: "SMS_SIMULATOR_PORT", port: 3982 },
  { script: "etims:simulator", portSetting: "ETIMS_SIMULATOR_PORT", port: 3983 },
];

describe("the simulators' npm scripts", () => {
  for (const { script, portSetting, port } of simulators) {
    it(`npm run ${script} listens on .env's ${portSetting}, and frees it when npm is stopped`, async () => {
      const folder = mkdtempSync(path.join(tmpdir(), "simulator-npm-"));
      let group: number | undefined;
      try {
        const { scripts } = JSON.parse(readFileSync("package.json", "utf8"));
        writeFileSync(`${folder}/package.json`, JSON.stringify({ name: "simulator-test", type: "module", scripts }));
        symlinkSync(path.resolve("scripts"), `${folder}/scripts`);
        symlinkSync(path.resolve("node_modules"), `${folder}/node_modules`);
        writeFileSync(`${folder}/.env`, `${portSetting}=${port}\n`);
        // The shell's own setting would win over .env's.
        const env = { ...process.env, [portSetting]: undefined };
        // Its own process group, so that `finally` can end whatever a failure leaves behind.
        const npm = spawn("npm", ["run", script], { cwd: folder, env, stdio: ["ignore", "pipe", "inherit"], detached: true });
        group = npm.pid;
        await new Promise<void>((resolve) =>
          npm.stdout.on("data", (chunk) => String(chunk).includes(`127.0.0.1:${port}`) && resolve()),
        );
        expect(await accepts(port)).toBe(true);

        npm.kill("SIGTERM");
        await expect.poll(() => accepts(port), { timeout: 5_000 }).toBe(false);
      } finally {
        try {
          if (group) process.kill(-group, "SIGKILL");
        } catch {} // the group is gone: nothing was left behind
        rmSync(folder, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
