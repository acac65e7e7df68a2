// The node arguments every shop server process starts with: npm start's (serve.mjs) and the
// multi-instance tests' and benches' (scripts/instances/server.ts).
import { socketAddressArgs } from "./socket-address.mjs";

/**
 * The server's heap ceiling in MB. V8 sizes its heap from the machine's memory, and under the bench's
 * mixed load (100 connections) it let old space grow to 195 MB for about 100 MB kept alive. With this
 * ceiling it collects sooner: peak memory fell from 584 to 359-390 MB on PostgreSQL and from 762-928
 * to 571-609 MB on the embedded database. 192 saved nothing more; 128 cost half the throughput.
 */
export const HEAP_CEILING_MB = 256;

/** Loads request-queue.mjs into the server only: importing it here would queue this process's servers too. */
const requestQueueArgs = ["--import", new URL("./request-queue.mjs", import.meta.url).href];

/** `spawn(node, [...serverNodeArgs(env), "server.js"])`; a --max-old-space-size in NODE_OPTIONS wins. */
export function serverNodeArgs(env = process.env) {
  const heapSet = /--max-old-space-size/.test(env.NODE_OPTIONS ?? "");
  return [...(heapSet ? [] : [`--max-old-space-size=${HEAP_CEILING_MB}`]), ...socketAddressArgs, ...requestQueueArgs];
}
