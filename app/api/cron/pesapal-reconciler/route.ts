import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): one pass that asks Pesapal about payments still pending or with a refund requested. */
export const GET = cronRoute("pesapal-reconciler");
