import { expireOnThisInstance, listenForCacheChanges } from "@/lib/cache/changes";
import { getConnection } from "@/lib/db";
import { startOutboxWorker } from "@/lib/outbox/worker";

/**
 * The server process's background work, started once from instrumentation.ts: expiring cached
 * pages when any instance announces a change, and delivering the outbox. Everything is
 * coordinated through the database, so `npm start` needs nothing else.
 */
export async function startBackgroundWork(): Promise<() => Promise<void>> {
  const connection = await getConnection();
  const stopListening = listenForCacheChanges(connection, expireOnThisInstance);
  const stopOutbox = startOutboxWorker(connection.db);
  return async () => {
    await Promise.all([stopListening(), stopOutbox()]);
  };
}
