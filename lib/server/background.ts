import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { forgetEndedAttempts } from "@/lib/auth/throttle";
import { expireOnThisInstance, listenForCacheChanges } from "@/lib/cache/changes";
import { getConnection } from "@/lib/server/database";
import { announceFirstAdminSetup } from "@/lib/server/first-admin";
import { startOutboxWorker } from "@/lib/dispatch/worker";
import { confirmWindowMs, expireUnconfirmedOrders } from "@/lib/orders/expire-unconfirmed";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { expireUnpaidOrders, reconcileMpesa } from "@/lib/payments/mpesa/reconciler";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { reconcilePesapal } from "@/lib/payments/pesapal/notification";
import { arrivalWindowDays, expireUnarrivedReturns } from "@/lib/returns/expire-unarrived";
import { every } from "@/lib/repeat";
import { askForReviews } from "@/lib/reviews/ask";
import { env } from "@/lib/env";
import { reminderSettings, sendCheckoutReminders } from "@/lib/winback/checkout-reminders";
import { whatsappConfig } from "@/lib/whatsapp/client";
import { textUndelivered } from "@/lib/whatsapp/fallback";

/**
 * Starts the background work as soon as the database opens, trying again every 5 s until then:
 * a database that is down must not keep the server from answering (health says 503). Returns a
 * function that stops the work (or the attempts), waiting for the run in progress.
 */
export function runBackgroundWork(): () => Promise<void> {
  const stopping = new AbortController();
  const started = (async () => {
    while (!stopping.signal.aborted) {
      try {
        return await startBackgroundWork();
      } catch (error) {
        console.error(`[background] Could not start, retrying in 5 s: ${error instanceof Error ? error.message : error}`);
        await sleep(5000, undefined, { signal: stopping.signal }).catch(() => {});
      }
    }
  })();
  return async () => {
    stopping.abort();
    await (
      await started
    )?.();
  };
}

/**
 * The server process's background work, started by runBackgroundWork: printing the first admin's
 * setup link while there is no admin, expiring cached
 * pages when any instance announces a change, delivering the outbox, cancelling pay-on-delivery
 * orders staff left unconfirmed, declining approved returns that never arrived, forgetting sign-in counts
 * whose window ended, asking buyers for reviews, reminding shoppers of unfinished checkouts, texting WhatsApp updates that were not delivered (with WhatsApp), and (with M-Pesa) the reconciler and the expiry of unpaid orders. Everything is coordinated through the database,
 * so `npm start` needs nothing else.
 */
async function startBackgroundWork(): Promise<() => Promise<void>> {
  const connection = await getConnection();
  await announceFirstAdminSetup(connection.db);
  const stops = [
    listenForCacheChanges(connection, expireOnThisInstance),
    startOutboxWorker(connection.db),
    // A tenth of the window, at most a minute apart: an order is cancelled soon after its time.
    every(Math.min(60_000, confirmWindowMs() / 10), "expire unconfirmed orders", () => expireUnconfirmedOrders(connection.db)),
    // Likewise for approved returns that never arrived, whose exchange holds stock.
    every(Math.min(60_000, (arrivalWindowDays() * 86_400_000) / 10), "expire unarrived returns", () =>
      expireUnarrivedReturns(connection.db),
    ),
    every(10 * 60_000, "forget ended sign-in counts", () => forgetEndedAttempts(connection.db)),
    every(10 * 60_000, "ask for reviews", () => askForReviews(connection.db, { days: env().REVIEW_ASK_DAYS })),
    // A tenth of the wait, between 1 s and a minute apart: a reminder goes soon after its time.
    every(Math.max(1000, Math.min(60_000, reminderSettings().minutes * 6000)), "checkout reminders", () =>
      sendCheckoutReminders(connection.db, reminderSettings()),
    ),
  ];
  const mpesa = mpesaConfig();
  if (mpesa) {
    const tick = Math.min(1000, mpesa.timers.checkEveryMs / 2);
    stops.push(every(tick, "mpesa reconciler", () => reconcileMpesa(connection.db, mpesa)));
  }
  const pesapal = pesapalConfig();
  if (pesapal) {
    const tick = Math.min(1000, pesapal.timers.checkEveryMs / 2);
    stops.push(every(tick, "pesapal reconciler", () => reconcilePesapal(connection.db, pesapal)));
    // With M-Pesa, its reconciler expires unpaid orders of both.
    if (!mpesa) stops.push(every(tick, "expire unpaid orders", () => expireUnpaidOrders(connection.db, pesapal)));
  }
  const whatsapp = whatsappConfig();
  if (whatsapp) {
    // A tenth of the wait, between 1 s and a minute apart: an undelivered update is texted soon after its time.
    const tick = Math.max(1000, Math.min(60_000, whatsapp.fallbackMinutes * 6000));
    stops.push(every(tick, "whatsapp fallback", () => textUndelivered(connection.db, { minutes: whatsapp.fallbackMinutes })));
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
