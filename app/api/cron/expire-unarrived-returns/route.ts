import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): one pass that declines approved returns that never arrived, releasing their exchange's stock. */
export const GET = cronRoute("expire-unarrived-returns");
