import "server-only";
import { forgetEndedAttempts } from "@/lib/auth/throttle";
import type { Database } from "@/lib/db";
import { outboxSender } from "@/lib/dispatch/senders";
import { expireUnconfirmedOrders } from "@/lib/orders/expire-unconfirmed";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { expireUnpaidOrders, reconcileMpesa } from "@/lib/payments/mpesa/reconciler";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { reconcilePesapal } from "@/lib/payments/pesapal/notification";
import { expireUnarrivedReturns } from "@/lib/returns/expire-unarrived";
import { askForReviews } from "@/lib/reviews/ask";
import { env } from "@/lib/env";
import { sameSecret } from "@/lib/secrets";
import { reminderSettings, sendCheckoutReminders } from "@/lib/winback/checkout-reminders";
import { whatsappConfig } from "@/lib/whatsapp/client";
import { textUndelivered } from "@/lib/whatsapp/fallback";

/**
 * One pass of each background job, for hosts where no server process stays up (Vercel cron calls
 * /api/cron/<job>, see vercel.json). A server started with `npm start` runs the same work itself
 * (lib/server/background.ts); both are coordinated through the database, so overlapping passes are safe.
 * `catalogChanged`: whether a pass's report says it may have put stock back, so that the caller expires
 * the cached catalog only then, not on every pass.
 */
export const cronJobs = {
  outbox: { run: (db: Database) => deliverDueMessages(db, outboxSender(db)), catalogChanged: () => false },
  "mpesa-reconciler": {
    run: withMpesa((db, config) => reconcileMpesa(db, config)),
    // The reconciler does not say which payments it settled: any pass that ran may have.
    catalogChanged: (report: unknown) => !isSkipped(report),
  },
  "pesapal-reconciler": {
    run: async (db: Database) => {
      const config = pesapalConfig();
      return config ? ((await reconcilePesapal(db, config)) ?? { done: true }) : { skipped: "Pesapal is not set up" };
    },
    catalogChanged: () => false,
  },
  "expire-unpaid-orders": {
    run: async (db: Database) => {
      // Unpaid M-Pesa and Pesapal orders are held by the same timers.
      const config = mpesaConfig() ?? pesapalConfig();
      return config ? { cancelled: await expireUnpaidOrders(db, config) } : skipped;
    },
    catalogChanged: (report: unknown) => !isSkipped(report) && (report as { cancelled: string[] }).cancelled.length > 0,
  },
  "expire-unconfirmed-orders": {
    run: async (db: Database) => ({ cancelled: await expireUnconfirmedOrders(db) }),
    catalogChanged: (report: unknown) => (report as { cancelled: string[] }).cancelled.length > 0,
  },
  "expire-unarrived-returns": {
    run: async (db: Database) => ({ declined: await expireUnarrivedReturns(db) }),
    // A declined return released the stock held for its exchange.
    catalogChanged: (report: unknown) => (report as { declined: number[] }).declined.length > 0,
  },
  "forget-ended-attempts": { run: (db: Database) => forgetEndedAttempts(db), catalogChanged: () => false },
  "ask-for-reviews": {
    run: (db: Database) => askForReviews(db, { days: env().REVIEW_ASK_DAYS }),
    catalogChanged: () => false,
  },
  "checkout-reminders": {
    run: (db: Database) => sendCheckoutReminders(db, reminderSettings()),
    catalogChanged: () => false,
  },
  "whatsapp-fallback": {
    run: async (db: Database) => {
      const config = whatsappConfig();
      return config ? textUndelivered(db, { minutes: config.fallbackMinutes }) : { skipped: "WhatsApp is not set up" };
    },
    catalogChanged: () => false,
  },
} as const;

export type CronJob = keyof typeof cronJobs;

/** Whether a request carries `Authorization: Bearer <CRON_SECRET>` (what Vercel sends); never without a secret. */
export function isCronAuthorized(authorization: string | null, secret: string | undefined): boolean {
  return secret !== undefined && sameSecret(authorization ?? "", `Bearer ${secret}`);
}

const skipped = { skipped: "M-Pesa is not set up" } as const;
const isSkipped = (report: unknown) => report === skipped;

type MpesaJob = (db: Database, config: NonNullable<ReturnType<typeof mpesaConfig>>) => Promise<unknown>;

/** A job that needs M-Pesa's settings; a shop without M-Pesa has nothing to do. */
function withMpesa(job: MpesaJob) {
  return async (db: Database) => {
    const config = mpesaConfig();
    return config ? ((await job(db, config)) ?? { done: true }) : skipped;
  };
}
