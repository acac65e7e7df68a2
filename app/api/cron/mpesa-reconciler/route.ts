import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): one pass that asks M-Pesa about unanswered payments, then expires unpaid orders. */
export const GET = cronRoute("mpesa-reconciler");
