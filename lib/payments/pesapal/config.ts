import "server-only";
import { env } from "@/lib/env";
import { servedAddress, siteAddress } from "@/lib/site";

/** Everything the shop needs to take Pesapal payments (cards, Airtel Money); null when it is not set up. */
export type PesapalConfig = {
  apiUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The registered IPN's id; without one the shop registers its own on first use and keeps it (lib/payments/pesapal/ipn.ts). */
  ipnId: string | null;
  /** Where Pesapal sends the shopper back and its notifications: the shop's routes under /api/payments/pesapal/. */
  callbackUrl: string;
  ipnUrl: string;
  /** When to ask again about a payment still pending: after `firstCheckMs`, then every `checkEveryMs`, for `giveUpMs` at most. */
  timers: {
    firstCheckMs: number;
    checkEveryMs: number;
    giveUpMs: number;
    /** How long an unpaid order holds its stock: the same settings as an unpaid M-Pesa order's. */
    windowMs: number;
    promptHoldMs: number;
    failedHoldMs: number;
  };
};

/** The Pesapal settings, validated at start by lib/env.ts (key and secret both, or neither). */
export function pesapalConfig(): PesapalConfig | null {
  const settings = env();
  const { PESAPAL_CONSUMER_KEY, PESAPAL_CONSUMER_SECRET } = settings;
  if (!PESAPAL_CONSUMER_KEY || !PESAPAL_CONSUMER_SECRET) return null;
  const origin = (settings.PESAPAL_SHOP_URL ?? siteAddress(process.env) ?? servedAddress(process.env)).replace(/\/$/, "");
  return {
    apiUrl: settings.PESAPAL_API_URL.replace(/\/$/, ""),
    consumerKey: PESAPAL_CONSUMER_KEY,
    consumerSecret: PESAPAL_CONSUMER_SECRET,
    ipnId: settings.PESAPAL_IPN_ID ?? null,
    callbackUrl: `${origin}/api/payments/pesapal/callback`,
    ipnUrl: `${origin}/api/payments/pesapal/ipn`,
    timers: {
      firstCheckMs: settings.MPESA_RECONCILE_AFTER_SECONDS * 1000,
      checkEveryMs: settings.MPESA_RECONCILE_EVERY_SECONDS * 1000,
      giveUpMs: settings.PESAPAL_GIVE_UP_MINUTES * 60_000,
      windowMs: settings.MPESA_PAYMENT_WINDOW_MINUTES * 60_000,
      promptHoldMs: settings.MPESA_PROMPT_HOLD_MINUTES * 60_000,
      failedHoldMs: settings.MPESA_FAILED_HOLD_MINUTES * 60_000,
    },
  };
}
