import { createServer } from "node:net";

/**
 * The port a bench server listens on: BENCH_PORT plus `offset` when set (a machine shared with others,
 * where each has its own ports), else one that nothing listens on right now.
 */
export function benchPort(offset: number): Promise<number> {
  const pinned = Number(process.env.BENCH_PORT);
  return pinned ? Promise.resolve(pinned + offset) : freePort();
}

/** A TCP port that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers `path` with a success, or fails after `withinMs` (a minute). */
export async function waitForServer(baseUrl: string, path = "/", withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const ready = await fetch(new URL(path, baseUrl)).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl}${path} did not answer within ${withinMs / 1000} s`);
}
