// A bare Next.js page (a root layout and an <h1>) built with the shop's own Next.js, once per
// version: the floor that the shop's pages are read against, measured in the same run. It is a
// project of its own (its config, its Turbopack root, hard links to the shop's node_modules), so
// that nothing of the shop's (config, proxy, instrumentation, database) is built into it.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benchPort, waitForServer } from "./server";

const nextVersion: string = JSON.parse(readFileSync("node_modules/next/package.json", "utf8")).version;
// Inside the project (git-ignored, and ignored by the type check and the linters).
const appDir = path.resolve(".data/bench/bare-next");
const builtMarker = path.join(appDir, `built-with-next-${nextVersion}`);
const nextBin = path.join(appDir, "node_modules/next/dist/bin/next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/** Serves the bare page on a free port, building it first if this Next.js version has not. */
export async function serveBareNext(): Promise<{ baseUrl: string; close: () => void }> {
  if (!existsSync(builtMarker)) buildBareApp();
  const port = await benchPort(1000);
  // Its own process group: `next start` runs the server in a child process.
  const server = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    cwd: appDir,
    env,
    stdio: "ignore",
    detached: true,
  });
  const close = () => process.kill(-server.pid!, "SIGTERM");
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl).catch((error) => {
    close();
    throw error;
  });
  return { baseUrl, close };
}

function buildBareApp() {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(path.join(appDir, "app"), { recursive: true });
  writeFileSync(
    path.join(appDir, "app/layout.js"),
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(path.join(appDir, "app/page.js"), "export default function Page() { return <h1>Bare</h1>; }\n");
  writeFileSync(
    path.join(appDir, "next.config.mjs"),
    'import { fileURLToPath } from "node:url";\nexport default { turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) } };\n',
  );
  // Turbopack resolves packages only inside its root: hard links cost no copy.
  execFileSync("cp", ["-al", path.resolve("node_modules"), path.join(appDir, "node_modules")]);
  execFileSync(process.execPath, [nextBin, "build"], { cwd: appDir, stdio: "inherit", env });
  writeFileSync(builtMarker, "");
}
