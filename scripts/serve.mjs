// Serves the standalone build (what a Node host runs) on HOSTNAME:PORT, default 0.0.0.0:3000, each
// request stamped with its socket's address for the per-address limits (socket-address.mjs).
// The standalone server chdirs into .next/standalone, so the data directory is fixed
// to an absolute path here; otherwise the next build would wipe the shop's data.
import { cpSync, existsSync } from "node:fs";
import { spawn } from "node:child_process";
import path from "node:path";
import { serverNodeArgs } from "./server-args.mjs";

const root = process.cwd();
const standalone = path.join(root, ".next/standalone");
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });
cpSync(path.join(root, ".next/static"), path.join(standalone, ".next/static"), { recursive: true });

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: process.env.PORT ?? "3000",
  HOSTNAME: process.env.HOSTNAME || "0.0.0.0",
  DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? "data"),
};
const server = spawn(process.execPath, [...serverNodeArgs(env), "server.js"], { cwd: standalone, env, stdio: "inherit" });
// A process manager signals only this process: pass the signal on, and wait for the server, which
// finishes its requests in flight, stops its background work and closes the database first.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
