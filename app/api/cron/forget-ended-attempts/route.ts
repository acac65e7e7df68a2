import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): deletes the sign-in, sign-up and reset-mail counts whose window has ended. */
export const GET = cronRoute("forget-ended-attempts");
