import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): one pass that cancels the pay-on-delivery orders staff left unconfirmed. */
export const GET = cronRoute("expire-unconfirmed-orders");
