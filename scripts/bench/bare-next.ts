// A bare Next.js page (a root layout and an <h1>) built with the shop's own Next.js, once per
// version: the floor that the shop's pages are read against, measured in the same run.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, waitForServer } from "./server";

const nextVersion: string = JSON.parse(readFileSync("node_modules/next/package.json", "utf8")).version;
// Inside the project (git-ignored) so the bare app resolves the shop's node_modules.
const appDir = path.resolve(".data/bench/bare-next");
const builtMarker = path.join(appDir, `built-with-next-${nextVersion}`);
const nextBin = path.resolve("node_modules/next/dist/bin/next");

/** Serves the bare page on a free port, building it first if this Next.js version has not. */
export async function serveBareNext(): Promise<{ baseUrl: string; close: () => void }> {
  if (!existsSync(builtMarker)) buildBareApp();
  const port = await freePort();
  const server = spawn(process.execPath, [nextBin, "start", appDir, "-p", String(port)], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl);
  return { baseUrl, close: () => server.kill() };
}

function buildBareApp() {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(path.join(appDir, "app"), { recursive: true });
  writeFileSync(
    path.join(appDir, "app/layout.js"),
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(path.join(appDir, "app/page.js"), "export default function Page() { return <h1>Bare</h1>; }\n");
  execFileSync(process.execPath, [nextBin, "build", appDir], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  writeFileSync(builtMarker, "");
}
