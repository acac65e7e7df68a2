// The JavaScript a bare Next.js page loads (a root layout and an <h1>), built once with the
// shop's own Next.js and cached per version: the baseline that the shop's pages are judged against.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benchPages } from "./lighthouse";
import { freePort, waitForServer } from "./server";

const nextVersion: string = JSON.parse(readFileSync("node_modules/next/package.json", "utf8")).version;
// Inside the project (git-ignored) so the bare app resolves the shop's node_modules.
const appDir = path.resolve(".data/bench/bare-next");
const cacheFile = path.join(path.dirname(appDir), `bare-next-${nextVersion}.json`);
const nextBin = path.resolve("node_modules/next/dist/bin/next");

/** Gzipped bytes of JavaScript on a bare Next.js page. */
export async function bareNextJsBytes(): Promise<number> {
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8")).jsBytes;
  writeBareApp();
  execFileSync(process.execPath, [nextBin, "build", appDir], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const port = await freePort();
  const server = spawn(process.execPath, [nextBin, "start", appDir, "-p", String(port)], { stdio: "ignore" });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForServer(baseUrl);
    const [figures] = await benchPages(baseUrl, ["/"]);
    writeFileSync(cacheFile, JSON.stringify({ nextVersion, jsBytes: figures!.jsBytes }));
    return figures!.jsBytes;
  } finally {
    server.kill();
  }
}

function writeBareApp() {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(path.join(appDir, "app"), { recursive: true });
  writeFileSync(
    path.join(appDir, "app/layout.js"),
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(path.join(appDir, "app/page.js"), "export default function Page() { return <h1>Bare</h1>; }\n");
}
