import "server-only";
import { deriveSecret } from "@/lib/secrets";
import { env } from "@/lib/env";
import type { ManualPayTo } from "@/lib/orders/payment-copy";

/** Everything the shop needs to take M-Pesa payments; null when M-Pesa is not set up (pay on delivery only). */
export type MpesaConfig = {
  apiUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** Pay to a till (Buy Goods) instead of the shortcode's paybill. */
  till: string | null;
  /** The secret path segment of the callback route. */
  callbackToken: string;
  /** Where Daraja posts each payment's outcome. */
  callbackUrl: string;
  /**
   * The C2B URLs' secret path segment: another than the callback's, which every push carries to
   * Safaricom and the phone's network.
   */
  c2bToken: string;
  /**
   * Where Daraja posts Paybill/Till payments (C2B), behind the C2B token. Safaricom refuses these
   * URLs when they contain 'M-Pesa' or 'Safaricom' in any case, so their paths avoid both.
   */
  c2bUrls: { confirmation: string; validation: string; statusResult: string };
  /** Daraja's API initiator, for the Transaction Status API; null when not set up (no checks by code). */
  initiator: { name: string; securityCredential: string } | null;
  /**
   * How long an unpaid order holds its stock: `windowMs` at most; `promptHoldMs` while Daraja has not
   * accepted its latest prompt; `failedHoldMs` after that prompt was refused, cancelled or failed.
   */
  timers: {
    windowMs: number;
    promptHoldMs: number;
    failedHoldMs: number;
    firstCheckMs: number;
    checkEveryMs: number;
    giveUpMs: number;
  };
  /** PIN prompts allowed per window, per phone (nobody floods a stranger's phone) and per client address. */
  pushLimits: { windowMs: number; perPhone: number; perAddress: number };
};

/** The M-Pesa settings, validated at start by lib/env.ts (all or none). */
export function mpesaConfig(): MpesaConfig | null {
  const settings = env();
  const { MPESA_API_URL, MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY, MPESA_CALLBACK_URL } =
    settings;
  if (
    !MPESA_API_URL ||
    !MPESA_CONSUMER_KEY ||
    !MPESA_CONSUMER_SECRET ||
    !MPESA_SHORTCODE ||
    !MPESA_PASSKEY ||
    !MPESA_CALLBACK_URL
  ) {
    return null;
  }
  // Without a configured token, every instance derives the same one from the shared auth secret.
  const callbackToken = settings.MPESA_CALLBACK_TOKEN ?? deriveSecret("mpesa-callback");
  const c2bToken = settings.MPESA_C2B_TOKEN ?? deriveSecret("mpesa-c2b");
  const origin = new URL(MPESA_CALLBACK_URL).origin;
  return {
    apiUrl: MPESA_API_URL.replace(/\/$/, ""),
    consumerKey: MPESA_CONSUMER_KEY,
    consumerSecret: MPESA_CONSUMER_SECRET,
    shortcode: MPESA_SHORTCODE,
    passkey: MPESA_PASSKEY,
    till: settings.MPESA_TILL_NUMBER ?? null,
    callbackToken,
    callbackUrl: `${origin}/api/payments/mpesa/callback/${callbackToken}`,
    c2bToken,
    c2bUrls: c2bUrls(origin, c2bToken),
    initiator:
      settings.MPESA_INITIATOR_NAME && settings.MPESA_SECURITY_CREDENTIAL
        ? { name: settings.MPESA_INITIATOR_NAME, securityCredential: settings.MPESA_SECURITY_CREDENTIAL }
        : null,
    timers: {
      windowMs: settings.MPESA_PAYMENT_WINDOW_MINUTES * 60_000,
      promptHoldMs: settings.MPESA_PROMPT_HOLD_MINUTES * 60_000,
      failedHoldMs: settings.MPESA_FAILED_HOLD_MINUTES * 60_000,
      firstCheckMs: settings.MPESA_RECONCILE_AFTER_SECONDS * 1000,
      checkEveryMs: settings.MPESA_RECONCILE_EVERY_SECONDS * 1000,
      giveUpMs: settings.MPESA_GIVE_UP_MINUTES * 60_000,
    },
    pushLimits: {
      windowMs: 10 * 60_000,
      perPhone: settings.MPESA_PUSHES_PER_PHONE,
      perAddress: settings.MPESA_PUSHES_PER_ADDRESS,
    },
  };
}

/** The C2B routes' URLs on `origin` (app/api/payments/c2b/); a Transaction Status result's ends in its check's id. */
export const c2bUrls = (origin: string, token: string) => ({
  confirmation: `${origin}/api/payments/c2b/confirm/${token}`,
  validation: `${origin}/api/payments/c2b/validate/${token}`,
  statusResult: `${origin}/api/payments/c2b/status/${token}`,
});

/** Whether a shortcode is the shop's own: its Paybill (the shortcode) or its Till. */
export const isShopShortcode = (config: MpesaConfig, code: string) => code === config.shortcode || code === config.till;

/** Where shoppers pay by hand when the prompt fails: the Till when there is one, else the shortcode's Paybill. */
export const manualPayTo = (config: MpesaConfig): ManualPayTo =>
  config.till ? { till: config.till } : { paybill: config.shortcode };
