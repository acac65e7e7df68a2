import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): asks the buyers of orders delivered REVIEW_ASK_DAYS ago for a review, once. */
export const GET = cronRoute("ask-for-reviews");
