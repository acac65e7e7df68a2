import { expireOnThisInstance, listenForCacheChanges } from "@/lib/cache/changes";
import { getConnection } from "@/lib/db";
import { startOutboxWorker } from "@/lib/outbox/worker";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { reconcileMpesa } from "@/lib/payments/mpesa/reconciler";
import { every } from "@/lib/repeat";

/**
 * The server process's background work, started once from instrumentation.ts: expiring cached
 * pages when any instance announces a change, delivering the outbox, and (with M-Pesa) the
 * reconciler and the expiry of unpaid orders. Everything is coordinated through the database,
 * so `npm start` needs nothing else.
 */
export async function startBackgroundWork(): Promise<() => Promise<void>> {
  const connection = await getConnection();
  const stops = [listenForCacheChanges(connection, expireOnThisInstance), startOutboxWorker(connection.db)];
  const mpesa = mpesaConfig();
  if (mpesa) {
    const tick = Math.min(1000, mpesa.timers.checkEveryMs / 2);
    stops.push(every(tick, "mpesa reconciler", () => reconcileMpesa(connection.db, mpesa)));
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
