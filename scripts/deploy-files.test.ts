import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { catalogLocation, clientLimitZones, pageCacheMaps, pageCacheZone, shopLocations } from "./instances/nginx";

// The Node host's recipe (docs/deploying.md, "Putting it online"): deploy/shop.env and the systemd units.
const deploy = path.join(import.meta.dirname, "../deploy");

/** deploy/shop.env's settings: commented lines are suggestions, empty values blanks to fill in. */
function shippedSettings(): Record<string, string> {
  const lines = readFileSync(path.join(deploy, "shop.env"), "utf8").split("\n");
  const settings = lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split(/=(.*)/s, 2));
  return Object.fromEntries(settings);
}

/** What an owner would write into the blanks. */
const filledIn: Record<string, string> = {
  SITE_URL: "https://shop.example",
  DATABASE_URL: "postgres://kijani:secret@127.0.0.1:5432/kijani_threads",
  BETTER_AUTH_SECRET: "a".repeat(44),
};

describe("the Node host's environment file", () => {
  it("with its blanks filled in, is a production deployment on PostgreSQL behind one proxy", () => {
    const env = parseEnv({ ...shippedSettings(), ...filledIn });
    expect(env).toMatchObject({ platform: "node", NODE_ENV: "production", TRUSTED_PROXY_HOPS: 1, PORT: 3000 });
    expect(env.DATABASE_URL).toBe(filledIn.DATABASE_URL);
  });

  it("leaves a blank for the database and for each setting a deployment on it cannot start without", () => {
    const blanks = Object.entries(shippedSettings())
      .filter(([, value]) => value === "")
      .map(([name]) => name);
    expect(blanks.sort()).toEqual(Object.keys(filledIn).sort());
    for (const name of ["SITE_URL", "BETTER_AUTH_SECRET"]) {
      expect(() => parseEnv({ ...shippedSettings(), ...filledIn, [name]: "" })).toThrow(name);
    }
  });
});

describe("the backup unit", () => {
  it("runs the shop's own backup command", () => {
    const unit = readFileSync(path.join(deploy, "kijani-threads-backup.service"), "utf8");
    const { scripts } = JSON.parse(readFileSync(path.join(deploy, "../package.json"), "utf8"));
    expect(unit).toContain("npm run db:backup --");
    expect(scripts).toHaveProperty("db:backup");
  });
});

describe("the page cache of deploy/nginx.conf and of docs/deploying.md's several instances", () => {
  // Lines without their indentation: the blocks sit at different depths in each file.
  const lines = (text: string) => text.split("\n").map((line) => line.trim());
  const block = (text: string) => lines(text).join("\n");

  it.each([
    ["deploy/nginx.conf", readFileSync(path.join(deploy, "nginx.conf"), "utf8")],
    ["docs/deploying.md", readFileSync(path.join(deploy, "../docs/deploying.md"), "utf8")],
  ])("%s caches what the cluster test's and the flash sale's nginx caches", (_name, config) => {
    expect(lines(config)).toContain(`proxy_cache_path /var/cache/nginx/kijani-threads ${pageCacheZone};`);
    expect(block(config)).toContain(block(pageCacheMaps));
    expect(block(config)).toContain(block(catalogLocation));
  });

  it.each([
    ["deploy/nginx.conf", readFileSync(path.join(deploy, "nginx.conf"), "utf8")],
    ["docs/deploying.md", readFileSync(path.join(deploy, "../docs/deploying.md"), "utf8")],
  ])(
    "%s limits each client's requests and connections as the cluster test's and the flash sale's nginx does",
    (_name, config) => {
      expect(block(config)).toContain(block(clientLimitZones));
      expect(block(config)).toContain(block(shopLocations));
      expect(block(catalogLocation)).toMatch(/limit_req zone=shop_requests .*\nlimit_conn shop_connections \d+;/);
    },
  );
});

describe("deploy/nginx.conf's M-Pesa callbacks", () => {
  it("keeps the paths that carry a callback token out of the access log", () => {
    const config = readFileSync(path.join(deploy, "nginx.conf"), "utf8");
    const quiet = [...config.matchAll(/location ~ (\S+) \{([^}]*)\}/g)]
      .filter(([, , body]) => /access_log off;/.test(body))
      .map(([, pattern]) => new RegExp(pattern));
    for (const callback of [
      "/api/payments/mpesa/callback/t0ken",
      "/api/payments/c2b/confirm/t0ken",
      "/api/payments/c2b/status/t0ken/1",
    ])
      expect(quiet.some((pattern) => pattern.test(callback))).toBe(true);
    expect(quiet.some((pattern) => pattern.test("/products"))).toBe(false);
  });
});

const hasSystemd = spawnSync("systemd-analyze", ["--version"]).status === 0;

describe.skipIf(!hasSystemd)("the systemd units", () => {
  it("pass systemd-analyze verify without a warning", () => {
    const units = ["kijani-threads.service", "kijani-threads-backup.service", "kijani-threads-backup.timer"];
    const result = spawnSync("systemd-analyze", ["verify", ...units.map((unit) => path.join(deploy, unit))], {
      encoding: "utf8",
    });
    expect(result.stderr + result.stdout).toBe("");
    expect(result.status).toBe(0);
  });
});
