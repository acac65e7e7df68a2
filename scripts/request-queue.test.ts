import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIVE_READS_LIMIT, SLOT_HELD_AT_MOST_MS } from "./request-queue.mjs";

// A server in a process of its own, with the queue loaded as server-args.mjs loads it into the
// shop's, whose every answer costs CPU over a few turns of the event loop, as a page render does.
// It prints its port, and on any input how many GETs its app has seen and the most it worked on at once.
const serverSource = `
  import http from "node:http";
  let active = 0, peak = 0, seen = 0;
  const busy = (ms) => { const end = performance.now() + ms; while (performance.now() < end); };
  const server = http.createServer((request, response) => {
    if (request.url === "/action") {
      // What Next.js does for a server action that redirects: it fetches the page from itself with the
      // action's request headers and the answer's x-action-redirect, and answers with that page.
      const headers = { ...request.headers, "x-action-redirect": "/orders/KT-ABCDEFG;push" };
      return fetch("http://127.0.0.1:" + server.address().port + "/orders/KT-ABCDEFG", { headers })
        .then((page) => page.text())
        .then((text) => response.end(text));
    }
    if (request.method === "GET") { seen++; peak = Math.max(peak, ++active); }
    const hold = request.url.startsWith("/hold");
    let turns = hold ? 0 : 4;
    const step = () => {
      if (turns-- > 0) { busy(2); return setImmediate(step); }
      if (request.method === "GET") active--;
      response.end(request.method);
    };
    if (hold) setTimeout(step, Number(new URL(request.url, "http://x").searchParams.get("ms") ?? 300)); else step();
  });
  process.stdin.on("data", () => process.stdout.write(JSON.stringify({ seen, peak }) + "\\n"));
  server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
`;

const servers: ChildProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.kill();
});

async function startServer() {
  const queue = new URL("./request-queue.mjs", import.meta.url).href;
  const server = spawn(process.execPath, ["--import", queue, "--input-type=module", "-e", serverSource]);
  servers.push(server);
  const lines: string[] = [];
  let waiter: (() => void) | null = null;
  server.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    lines.push(...chunk.split("\n").filter(Boolean));
    waiter?.();
  });
  const nextLine = async () => {
    while (lines.length === 0) await new Promise<void>((resolve) => (waiter = resolve));
    return lines.shift()!;
  };
  const port = Number(await nextLine());
  const reads = async (): Promise<{ seen: number; peak: number }> => {
    server.stdin!.write("?\n");
    return JSON.parse(await nextLine());
  };
  return { port, reads };
}

/** One request; its time in ms, or Infinity when no answer came within `timeoutMs`. */
function timedRequest(
  port: number,
  agent: http.Agent | false,
  options: { method?: string; path?: string; timeoutMs?: number; headers?: http.OutgoingHttpHeaders } = {},
) {
  const started = performance.now();
  return new Promise<number>((resolve) => {
    const { method = "GET", path = "/", headers } = options;
    const request = http.request({ host: "127.0.0.1", port, agent, method, path, headers });
    request.setTimeout(options.timeoutMs ?? 10_000, () => {
      request.destroy();
      resolve(Infinity);
    });
    request.on("response", (response) => response.resume().on("end", () => resolve(performance.now() - started)));
    request.on("error", () => resolve(Infinity));
    request.end();
  });
}

/**
 * Issue 40's hang: kept-alive connections load the server without a pause, and new connections,
 * each accepted by Node in a turn of its own, arrive meanwhile; returns the slowest new one's time.
 */
async function slowestNewConnection(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 60 });
  let loading = true;
  const loaders = Array.from({ length: 60 }, async () => {
    while (loading) await timedRequest(port, agent);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const newcomers = await Promise.all(Array.from({ length: 20 }, () => timedRequest(port, false)));
  loading = false;
  await Promise.all(loaders);
  agent.destroy();
  return Math.max(...newcomers);
}

describe("the server's request queue (scripts/request-queue.mjs)", () => {
  it("answers every new connection while kept-alive ones load the server", async () => {
    // Without the queue, 12 of these 20 clients gave up after 10 s, and the fastest waited 6.9 s.
    const { port } = await startServer();
    expect(await slowestNewConnection(port)).toBeLessThan(10_000);
  }, 30_000);

  it("hands the app a few reads at a time, and every one of them in the end", async () => {
    const { port, reads } = await startServer();
    const times = await Promise.all(Array.from({ length: 12 }, () => timedRequest(port, false, { path: "/hold" })));
    expect(times.every(Number.isFinite)).toBe(true);
    expect(await reads()).toEqual({ seen: 12, peak: ACTIVE_READS_LIMIT });
  });

  it("gives a slot held longer than its limit to the next read", async () => {
    const { port } = await startServer();
    const slow = `/hold?ms=${3 * SLOT_HELD_AT_MOST_MS}`;
    const holding = Array.from({ length: ACTIVE_READS_LIMIT }, () => timedRequest(port, false, { path: slow }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await timedRequest(port, false)).toBeLessThan(2 * SLOT_HELD_AT_MOST_MS);
    await Promise.all(holding);
  });

  it("drops a read whose client left while it waited, and lets posts, static files and an action's redirect pass at once", async () => {
    const { port, reads } = await startServer();
    const holding = Array.from({ length: ACTIVE_READS_LIMIT }, () => timedRequest(port, false, { path: "/hold?ms=900" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await timedRequest(port, false, { method: "POST" })).toBeLessThan(500);
    expect(await timedRequest(port, false, { path: "/_next/static/chunks/app.js" })).toBeLessThan(500);
    expect(await timedRequest(port, false, { path: "/images/logo.svg" })).toBeLessThan(500);
    expect(await timedRequest(port, false, { method: "POST", path: "/action" })).toBeLessThan(500);
    expect(await timedRequest(port, false, { path: "/hold", timeoutMs: 50 })).toBe(Infinity);
    await Promise.all(holding);
    // The two static files and the action's redirect were GETs the app saw beside the held reads.
    expect(await reads()).toEqual({ seen: ACTIVE_READS_LIMIT + 3, peak: ACTIVE_READS_LIMIT + 1 });
  });

  it("queues a visitor's read that sends x-action-redirect, with or without a pass of its own making", async () => {
    const { port } = await startServer();
    const holding = Array.from({ length: ACTIVE_READS_LIMIT }, () => timedRequest(port, false, { path: "/hold?ms=900" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = { "x-action-redirect": "/x;push", rsc: "1" };
    for (const headers of [sent, { ...sent, "x-kijani-action-pass": "0".repeat(32) }])
      expect(await timedRequest(port, false, { path: "/terms", headers, timeoutMs: 250 })).toBe(Infinity);
    await Promise.all(holding);
  });
});
