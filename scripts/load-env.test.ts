import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const loader = path.resolve("scripts/load-env.mjs");
const folder = mkdtempSync(path.join(tmpdir(), "load-env-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What a command started in `cwd` with the loader sees of SITE_URL and SMTP_HOST. */
async function settingsSeen(cwd: string, env: Record<string, string> = {}) {
  const { SITE_URL: _site, SMTP_HOST: _smtp, ...inherited } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--import=${loader}`, "-e", "console.log(JSON.stringify([process.env.SITE_URL, process.env.SMTP_HOST]))"],
    { cwd, env: { ...inherited, ...env } },
  );
  return JSON.parse(stdout);
}

describe("the .env file (scripts/load-env.mjs)", () => {
  it("gives a command the settings in its folder's .env, the environment's own winning", async () => {
    writeFileSync(path.join(folder, ".env"), "SITE_URL=https://shop.example\nSMTP_HOST=mail.example\n");
    expect(await settingsSeen(folder)).toEqual(["https://shop.example", "mail.example"]);
    expect(await settingsSeen(folder, { SMTP_HOST: "other.example" })).toEqual(["https://shop.example", "other.example"]);
  });

  it("changes nothing without one", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "load-env-none-"));
    try {
      expect(await settingsSeen(empty)).toEqual([null, null]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("is loaded by npm start and every maintenance script, and by none of the test harnesses", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    const loading = Object.keys(scripts).filter((name) => scripts[name].includes("--import=./scripts/load-env.mjs"));
    expect(loading.sort()).toEqual(
      [
        ...["start", "db:migrate", "db:seed", "db:backup", "db:restore", "staff", "etims", "mpesa", "whatsapp"],
        // The simulators read the shop's .env for their ports and settings (the e2e server starts them without npm).
        ...["mpesa:simulator", "pesapal:simulator", "sms:simulator", "etims:simulator", "whatsapp:simulator"],
      ].sort(),
    );
  });
});
