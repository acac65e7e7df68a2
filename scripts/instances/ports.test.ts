import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyPortMessage, freePort, isPortFree } from "./ports";

describe("the multi-instance tests' port check", () => {
  let taken: Server;
  let busyPort: number;
  beforeAll(async () => {
    // Something else listening on every address, as a forgotten server would.
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    busyPort = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it("names the first port something listens on, and the setting that moves them", async () => {
    const free = await freePort();
    expect(await busyPortMessage([free, busyPort], "CRASH_PORT")).toBe(
      `Port ${busyPort} is in use: stop what listens there, or choose other ports with CRASH_PORT.`,
    );
  });

  it("passes when every port is free, and leaves them free", async () => {
    const free = await freePort();
    expect(await busyPortMessage([free], "CLUSTER_PORT")).toBeNull();
    expect(await isPortFree(free)).toBe(true);
  });
});
