import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): one pass that cancels the orders whose M-Pesa payment window has passed. */
export const GET = cronRoute("expire-unpaid-orders");
