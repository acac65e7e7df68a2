// The multi-instance tests listen on fixed loopback ports: a port already taken would make them
// test whatever answers there, or fail far from the cause. They check first and name the port.
import { createServer } from "node:net";

/** Resolves whether nothing listens on 127.0.0.1:`port` (so the tests may listen there). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" || error.code === "EACCES" ? resolve(false) : reject(error),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The sentence naming the first busy port of `ports`, or null when all are free. */
export async function busyPortMessage(ports: number[], setting: string): Promise<string | null> {
  for (const port of ports) {
    if (!(await isPortFree(port))) {
      return `Port ${port} is in use: stop what listens there, or choose other ports with ${setting}.`;
    }
  }
  return null;
}

/** Exits with status 1, naming the port, when any of `ports` is taken. */
export async function refuseBusyPorts(ports: number[], setting: string): Promise<void> {
  const message = await busyPortMessage(ports, setting);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}

/** A port the system just handed out and released (for tests that start a server of their own). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
