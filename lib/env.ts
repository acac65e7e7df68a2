import "server-only";
import { z } from "zod";
import { siteAddress } from "@/lib/site";

/**
 * Every setting the shop reads, parsed once with one schema. A wrong value stops the shop at
 * start with a message naming the variable; with no settings at all the shop runs on its
 * embedded defaults. `.env.example` documents each one.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The shop's public address (lib/site.ts siteAddress); NEXT_PUBLIC_SITE_URL is its older name. */
  SITE_URL: z.url().optional(),
  NEXT_PUBLIC_SITE_URL: z.url().optional(),
  /** Set by Vercel on its builds and functions: the shop runs there as functions, with no process of its own. */
  VERCEL: z.literal("1").optional(),
  VERCEL_PROJECT_PRODUCTION_URL: z.string().min(1).optional(),
  VERCEL_URL: z.string().min(1).optional(),
  VERCEL_BRANCH_URL: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** A direct (not pooled) address of the same database, for `npm run db:migrate`. */
  DATABASE_URL_UNPOOLED: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** Default 10 on a Node host, 3 on Vercel (see poolSizeDefault). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DATA_DIR: z.string().min(1).default("data"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BETTER_AUTH_URL: z.url().optional(),
  /** Reverse proxies in front of the shop whose forwarded address it trusts; 0 reads the socket's (lib/auth/form-values.ts). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The header in which those proxies forward the client's address. */
  CLIENT_IP_HEADER: z.string().min(1).default("x-forwarded-for"),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** The secret Vercel cron sends (`Authorization: Bearer …`) to /api/cron/*; unset, those routes answer 401. */
  CRON_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** How often the outbox worker looks for e-mails to send, in milliseconds. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a worker holds a message it is sending before another may try it (after a crash mid-send), in seconds. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** How long a message that failed waits before its first retry, in seconds; each later wait doubles, up to an hour. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // M-Pesa (Daraja STK Push): offered only when every required one is set; see lib/payments/mpesa.
  MPESA_API_URL: z.url().optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, "must be 5 to 7 digits")
    .optional(),
  MPESA_PASSKEY: z.string().min(1).optional(),
  MPESA_TILL_NUMBER: z
    .string()
    .regex(/^\d{5,8}$/, "must be 5 to 8 digits")
    .optional(),
  MPESA_CALLBACK_URL: z
    .url()
    .refine((value) => /^https:\/\//.test(value) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(value), {
      message: "must be https (http only for localhost or 127.0.0.1)",
    })
    .optional(),
  MPESA_CALLBACK_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The C2B URLs' secret path segment (Paybill/Till confirmations, validation, Transaction Status
   * results), apart from the prompt's callback token, which travels in every push.
   */
  MPESA_C2B_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Daraja's API initiator (its name, and its password encrypted with Safaricom's certificate, from the
   * M-Pesa portal): lets staff check a payment by its code with the Transaction Status API.
   */
  MPESA_INITIATOR_NAME: z.string().min(1).max(100).optional(),
  MPESA_SECURITY_CREDENTIAL: z.string().min(1).optional(),
  /** Minutes an order waits for its M-Pesa payment before it is cancelled. */
  MPESA_PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  /** Seconds after a push before the reconciler first asks M-Pesa, then between its questions. */
  MPESA_RECONCILE_AFTER_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  MPESA_RECONCILE_EVERY_SECONDS: z.coerce.number().min(0.1).max(600).default(25),
  /** Seconds between the order page's re-reads while its M-Pesa payment is pending. */
  MPESA_PAGE_REFRESH_SECONDS: z.coerce.number().min(0.5).max(60).default(3),
  /** Minutes after which an unanswered push counts as failed. */
  MPESA_GIVE_UP_MINUTES: z.coerce.number().min(0.05).max(60).default(10),
  /** PIN prompts allowed per 10 minutes, per phone and per client address. */
  MPESA_PUSHES_PER_PHONE: z.coerce.number().int().min(1).max(100).default(3),
  MPESA_PUSHES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  // Pesapal API 3.0 (cards, Airtel Money): offered only when the key and secret are set; see lib/payments/pesapal.
  PESAPAL_CONSUMER_KEY: z.string().min(1).optional(),
  PESAPAL_CONSUMER_SECRET: z.string().min(1).optional(),
  /** Live by default; Pesapal's sandbox is https://cybqa.pesapal.com/pesapalv3. */
  PESAPAL_API_URL: z.url().default("https://pay.pesapal.com/v3"),
  /** The IPN id of the shop's notification URL registered in Pesapal's dashboard; without it the shop registers its own once. */
  PESAPAL_IPN_ID: z.string().min(1).max(100).optional(),
  /** The shop's address as Pesapal reaches it (the shopper's return and the notifications); SITE_URL by default. */
  PESAPAL_SHOP_URL: z
    .url()
    .refine((value) => /^https:\/\//.test(value) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(value), {
      message: "must be https (http only for localhost or 127.0.0.1)",
    })
    .optional(),
  /** Minutes after which a Pesapal payment still pending (no answer from the shopper or Pesapal) counts as failed. */
  PESAPAL_GIVE_UP_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  /** Sign-ups allowed per hour from one client address (per e-mail address it is 5). */
  SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // Checkout's limits (lib/checkout/limits.ts): one stranger must not be able to reserve the shop's stock.
  /** Units of one variant per cart line and order; units per order, all lines together. */
  ORDER_MAX_LINE_UNITS: z.coerce.number().int().min(1).max(99).default(20),
  ORDER_MAX_UNITS: z.coerce.number().int().min(1).max(10_000).default(30),
  /** The largest pay-on-delivery order, in whole shillings with delivery. */
  PAY_ON_DELIVERY_MAX_TOTAL: z.coerce.number().int().min(1).max(100_000_000).default(50_000),
  /** Pay-on-delivery orders allowed per phone, per e-mail and per client address within the window. */
  PAY_ON_DELIVERY_PER_PHONE: z.coerce.number().int().min(1).max(100_000).default(3),
  PAY_ON_DELIVERY_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(3),
  PAY_ON_DELIVERY_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  PAY_ON_DELIVERY_WINDOW_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /**
   * M-Pesa orders allowed within the payment window (while unpaid ones hold their stock): per phone
   * (the buyer's and the paying one) and e-mail; per cart owner (guest or account); per client
   * address; and units per client address.
   */
  MPESA_UNPAID_PER_BUYER: z.coerce.number().int().min(1).max(100_000).default(3),
  MPESA_UNPAID_PER_CART: z.coerce.number().int().min(1).max(100_000).default(3),
  MPESA_UNPAID_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  MPESA_UNPAID_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * Minutes an M-Pesa order keeps its stock while Daraja has not accepted its PIN prompt, and after
   * its prompt was refused, cancelled or failed (time to try again or switch to pay on delivery).
   */
  MPESA_PROMPT_HOLD_MINUTES: z.coerce.number().min(0.05).max(60).default(3),
  MPESA_FAILED_HOLD_MINUTES: z.coerce.number().min(0.05).max(60).default(5),
  /**
   * Minutes an order that is neither paid nor confirmed holds a use of a limited discount code; the
   * use counts only once the order is paid or confirmed.
   */
  DISCOUNT_HOLD_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  /** Minutes after a client address's first new order within which its next ones share that order's staff bell; 0: off. */
  NEW_ORDER_BURST_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** Hours a pay-on-delivery order waits for staff to confirm it before it is cancelled and its stock put back. */
  PAY_ON_DELIVERY_CONFIRM_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(24),
  /** Days after delivery within which a shopper may return items; the Terms quote it. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Days an approved return has to arrive before it is declined and the stock held for its exchange is released. */
  RETURN_ARRIVAL_DAYS: z.coerce.number().min(0.0001).max(365).default(14),
  /** Whether a buyer's review waits for staff before it shows (lib/reviews); false publishes it at once. */
  REVIEWS_NEED_APPROVAL: z
    .enum(["true", "false"], "must be true or false")
    .default("true")
    .transform((value) => value === "true"),
  /** Days after delivery before the shop asks the buyer, once, for a review. */
  REVIEW_ASK_DAYS: z.coerce.number().min(0).max(365).default(5),
  /** Minutes after a shopper last typed their phone or e-mail at checkout, without ordering, before one reminder (with consent). */
  ABANDONED_CHECKOUT_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(7 * 24 * 60)
    .default(60),
  /** Unfinished checkouts one client address may save (new ones, or new phones or e-mail addresses) in an hour. */
  CHECKOUTS_SAVED_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Reminders a day, by text or e-mail, to the checkouts saved from one client address. */
  REMINDERS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(3),
  /** Reminder e-mails a day for the whole shop (reminder texts have SMS_REMINDERS_PER_DAY). */
  REMINDER_EMAILS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(200),
  /** Days a reminder's link restores its cart, from when the reminder was sent. */
  REMINDER_LINK_DAYS: z.coerce.number().min(0.0001).max(365).default(7),
  /** 'Tell me when it's back' requests allowed per client address in a day (per phone or e-mail address it is 5). */
  BACK_IN_STOCK_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Whether reminders wait for 08:00 in Nairobi when they fall due between 21:00 and 08:00; the end-to-end tests turn it off. */
  REMINDER_QUIET_HOURS: z
    .enum(["true", "false"], "must be true or false")
    .default("true")
    .transform((value) => value === "true"),
  // Tax invoices (lib/invoices) and their reports to KRA's eTIMS (lib/etims): see .env.example.
  /** The shop's KRA PIN and legal name, printed on every invoice. */
  SHOP_KRA_PIN: z
    .string()
    .regex(/^[A-Z]\d{9}[A-Z]$/, "must be a KRA PIN: a letter, 9 digits and a letter (P051234567X)")
    .optional(),
  SHOP_LEGAL_NAME: z.string().min(2).max(60).optional(),
  /** Whether the shop charges VAT (16%, included in its prices); without it invoices show none. */
  VAT_REGISTERED: z
    .enum(["true", "false"], "must be true or false")
    .default("false")
    .transform((value) => value === "true"),
  ETIMS_API_URL: z.url().optional(),
  ETIMS_BRANCH_ID: z
    .string()
    .regex(/^\d{2}$/, "must be two digits (00 for the head office)")
    .default("00"),
  ETIMS_DEVICE_SERIAL: z.string().min(1).max(100).optional(),
  /** The OAuth client of KRA's hosted OSCU, when its server asks for a token. */
  ETIMS_CONSUMER_KEY: z.string().min(1).optional(),
  ETIMS_CONSUMER_SECRET: z.string().min(1).optional(),
  /** Where that token comes from; by default /v1/token/generate on the eTIMS server's host. */
  ETIMS_TOKEN_URL: z.url().optional(),
  // SMS through Africa's Talking (lib/sms): on only with all three of its required settings.
  AT_API_URL: z.url().optional(),
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  /** An approved sender ID or shortcode; without it Africa's Talking sends from its shared one. */
  AT_SENDER_ID: z.string().min(1).max(11).optional(),
  /** The delivery reports' secret path (/api/sms/delivery/<token>); else derived from BETTER_AUTH_SECRET. */
  AT_CALLBACK_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** Texts allowed per phone per hour, counted when queued, so nobody can flood a number through the shop. */
  SMS_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Texts a day for the whole shop; past it only texts about paid or confirmed orders go, and staff are told. */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).max(10_000_000).default(500),
  /** Orders a day from one client address that get texts; later ones hear by e-mail and their page only. */
  SMS_ORDERS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Marketing's shares of SMS_DAILY_BUDGET: reminder texts and back-in-stock texts a day. Each also
   * stops once the shop's texts reach the budget; an order's texts never wait for marketing's.
   */
  SMS_REMINDERS_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(100),
  SMS_BACK_IN_STOCK_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(100),
  /** The Graph API base with its version. */
  META_GRAPH_URL: z.url().default("https://graph.facebook.com/v23.0"),
  // Order updates on WhatsApp's Cloud API (lib/whatsapp): on only with all four.
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, "must be the phone number's id: digits only").optional(),
  /** The Meta app's secret, which signs every webhook (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  /** What the webhook's verification must present as hub.verify_token. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /** Minutes a WhatsApp update has to be delivered or read before it is sent once by SMS instead. */
  WHATSAPP_FALLBACK_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(10),
  // Analytics (lib/analytics): each tool is offered only when its settings are set, and only to shoppers who accept.
  /** GA4's web stream (G-XXXXXXX) and its Measurement Protocol secret, for purchases reported from the server. */
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, "must be a GA4 measurement id (G-XXXXXXX)")
    .optional(),
  GA_API_SECRET: z.string().min(1).optional(),
  /** The Measurement Protocol's address. */
  GA_MP_URL: z.url().default("https://www.google-analytics.com/mp/collect"),
  /** The Meta Pixel's id and a Conversions API access token for it. */
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "must be the Pixel's numeric id")
    .optional(),
  META_CAPI_TOKEN: z.string().min(1).optional(),
});

export type Env = z.infer<typeof schema> & {
  /** Where the shop runs: its own Node process, or Vercel's functions. */
  platform: "node" | "vercel";
  DATABASE_POOL_SIZE: number;
};

/** Parses a set of variables; throws one error that names every wrong variable and what is wrong. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value (`FOO=` in a .env file) means unset.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `- ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`The shop's settings are wrong:\n${problems.join("\n")}`);
  }
  const platform = parsed.data.VERCEL ? "vercel" : "node";
  const env: Env = {
    ...parsed.data,
    platform,
    DATABASE_POOL_SIZE: parsed.data.DATABASE_POOL_SIZE ?? poolSizeDefault[platform],
  };
  checkDeployment(env);
  // A feature is either off (none of its settings) or fully set: half a mail login is a mistake.
  if (!env.SMTP_HOST && (env.SMTP_USER || env.SMTP_PASS)) {
    throw new Error("The shop's settings are wrong:\n- SMTP_HOST: missing, while SMTP_USER or SMTP_PASS is set");
  }
  const mpesaMissing = missingOf(env, mpesaRequired);
  if (mpesaMissing.length > 0 && mpesaMissing.length < mpesaRequired.length) {
    throw new Error(`The shop's settings are wrong:\n- M-Pesa is partly set up; missing: ${mpesaMissing.join(", ")}`);
  }
  checkGroup(env, "eTIMS", etimsRequired, ["SHOP_KRA_PIN"]);
  checkGroup(env, "eTIMS's OAuth client", ["ETIMS_CONSUMER_KEY", "ETIMS_CONSUMER_SECRET"]);
  checkGroup(env, "SMS (Africa's Talking)", smsRequired);
  checkGroup(env, "M-Pesa's API initiator", mpesaInitiator);
  checkGroup(env, "Pesapal", pesapalRequired);
  checkGroup(env, "WhatsApp", whatsappRequired);
  checkGroup(env, "GA4", gaRequired);
  checkGroup(env, "the Meta Pixel", metaRequired);
  // Several instances on one server must share the secret; a generated one would differ per instance.
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new Error(
      "The shop's settings are wrong:\n- BETTER_AUTH_SECRET: required in production with DATABASE_URL, so that every instance accepts the same sessions",
    );
  }
  return env;
}

/**
 * A function instance on Vercel serves few requests at once, and Vercel may start many of them
 * against one database: a small pool each (a request runs at most a few queries side by side).
 */
const poolSizeDefault = { node: 10, vercel: 3 } as const;

/** What a real deployment (on Vercel, or in production on a PostgreSQL server) cannot run without. */
function checkDeployment(env: Env) {
  // Vercel's file system is read-only: the embedded database would fail on every request.
  if (env.platform === "vercel" && !env.DATABASE_URL) {
    throw new Error(
      "The shop's settings are wrong:\n- DATABASE_URL: required on Vercel, whose file system cannot hold the embedded database",
    );
  }
  const deployed = env.platform === "vercel" || (env.NODE_ENV === "production" && env.DATABASE_URL);
  if (deployed && !siteAddress(env)) {
    throw new Error(
      "The shop's settings are wrong:\n- SITE_URL: required for a deployment, or every link, e-mail and cookie would point at this machine (http://localhost)",
    );
  }
}

/** The deployment's own addresses on Vercel (its preview URLs), which auth must also accept requests from. */
export function deploymentOrigins(env: Env): string[] {
  return [env.VERCEL_URL, env.VERCEL_BRANCH_URL].filter((host) => host !== undefined).map((host) => `https://${host}`);
}

/** The settings M-Pesa needs all of (MPESA_TILL_NUMBER, MPESA_CALLBACK_TOKEN and MPESA_C2B_TOKEN are optional). */
export const mpesaRequired = [
  "MPESA_API_URL",
  "MPESA_CONSUMER_KEY",
  "MPESA_CONSUMER_SECRET",
  "MPESA_SHORTCODE",
  "MPESA_PASSKEY",
  "MPESA_CALLBACK_URL",
] as const;

/** The settings WhatsApp's order updates need all of. */
export const whatsappRequired = [
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** The settings Pesapal needs both of (PESAPAL_API_URL is live by default; PESAPAL_IPN_ID is optional). */
export const pesapalRequired = ["PESAPAL_CONSUMER_KEY", "PESAPAL_CONSUMER_SECRET"] as const;

/** M-Pesa's API initiator, which checks a payment by its code (both or neither). */
export const mpesaInitiator = ["MPESA_INITIATOR_NAME", "MPESA_SECURITY_CREDENTIAL"] as const;

const missingOf = (env: Env, names: readonly (keyof Env)[]) => names.filter((name) => env[name] === undefined);

/** The settings eTIMS reporting needs all of; the shop's PIN (SHOP_KRA_PIN) is printed without them too. */
export const etimsRequired = ["ETIMS_API_URL", "ETIMS_DEVICE_SERIAL", "SHOP_KRA_PIN"] as const;

/** GA4 (gtag.js in the browser, purchases by the Measurement Protocol) needs both. */
export const gaRequired = ["GA_MEASUREMENT_ID", "GA_API_SECRET"] as const;

/** The Meta Pixel (in the browser, purchases by the Conversions API) needs both. */
export const metaRequired = ["META_PIXEL_ID", "META_CAPI_TOKEN"] as const;

/** The settings SMS needs all of (AT_SENDER_ID and AT_CALLBACK_TOKEN are optional). */
export const smsRequired = ["AT_API_URL", "AT_USERNAME", "AT_API_KEY"] as const;

/** A group of settings is all set or all unset. */
function checkGroup(env: Env, name: string, group: readonly (keyof Env)[], unlessOnly: (keyof Env)[] = []) {
  const set = group.filter((setting) => env[setting] !== undefined);
  const onlyOptional = set.every((setting) => unlessOnly.includes(setting));
  if (set.length > 0 && set.length < group.length && !onlyOptional) {
    const missing = missingOf(env, group);
    throw new Error(`The shop's settings are wrong:\n- ${name} is partly set up; missing: ${missing.join(", ")}`);
  }
}

let cached: Env | undefined;

/** The shop's settings, read from the environment on first use. */
export function env(): Env {
  return (cached ??= parseEnv(process.env));
}
