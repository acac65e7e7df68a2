import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): reminds shoppers, once, of checkouts left ABANDONED_CHECKOUT_MINUTES ago. */
export const GET = cronRoute("checkout-reminders");
