import { cronRoute } from "@/lib/server/cron";

export const dynamic = "force-dynamic";

/** Vercel cron (vercel.json): texts, once, each WhatsApp update that failed or was not delivered in WHATSAPP_FALLBACK_MINUTES. */
export const GET = cronRoute("whatsapp-fallback");
