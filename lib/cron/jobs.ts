import "server-only";
import type { Database } from "@/lib/db";
import { sendMail } from "@/lib/mail";
import { expireUnconfirmedOrders } from "@/lib/orders/expire-unconfirmed";
import { deliverDueMessages } from "@/lib/outbox/outbox";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { expireUnpaidOrders, reconcileMpesa } from "@/lib/payments/mpesa/reconciler";
import { sameSecret } from "@/lib/secrets";

/**
 * One pass of each background job, for hosts where no server process stays up (Vercel cron calls
 * /api/cron/<job>, see vercel.json). A server started with `npm start` runs the same work itself
 * (lib/server/background.ts); both are coordinated through the database, so overlapping passes are safe.
 * `catalogMayChange`: the pass can put stock back, so the caller expires the cached catalog.
 */
export const cronJobs = {
  outbox: { catalogMayChange: false, run: (db: Database) => deliverDueMessages(db, sendMail) },
  "mpesa-reconciler": { catalogMayChange: true, run: withMpesa((db, config) => reconcileMpesa(db, config)) },
  "expire-unpaid-orders": {
    catalogMayChange: true,
    run: withMpesa(async (db, config) => ({ cancelled: await expireUnpaidOrders(db, config) })),
  },
  "expire-unconfirmed-orders": {
    catalogMayChange: true,
    run: async (db: Database) => ({ cancelled: await expireUnconfirmedOrders(db) }),
  },
} as const;

export type CronJob = keyof typeof cronJobs;

/** Whether a request carries `Authorization: Bearer <CRON_SECRET>` (what Vercel sends); never without a secret. */
export function isCronAuthorized(authorization: string | null, secret: string | undefined): boolean {
  return secret !== undefined && sameSecret(authorization ?? "", `Bearer ${secret}`);
}

type MpesaJob = (db: Database, config: NonNullable<ReturnType<typeof mpesaConfig>>) => Promise<unknown>;

/** A job that needs M-Pesa's settings; a shop without M-Pesa has nothing to do. */
function withMpesa(job: MpesaJob) {
  return async (db: Database) => {
    const config = mpesaConfig();
    return config ? ((await job(db, config)) ?? { done: true }) : { skipped: "M-Pesa is not set up" };
  };
}
