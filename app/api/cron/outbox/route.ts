import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): one pass that delivers the e-mails that are due. */
export const GET = cronRoute("outbox");
