import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { pesapalMessages } from "@/lib/orders/payment-copy";
import { pesapalState } from "@/lib/db/schema";
import type { PesapalConfig } from "./config";
import { transactionStatusAnswer, type TransactionStatusAnswer } from "./status";

// The shop's one client of Pesapal API 3.0: every request Pesapal publishes that the shop makes, and
// nothing else of Pesapal's reaches the rest of the shop.

export type PesapalFailure = { ok: false; error: string };

export type SubmittedOrder = { ok: true; trackingId: string; redirectUrl: string } | PesapalFailure;

export type OrderRequest = {
  /** The merchant reference: letters, digits and - _ . : only, at most 50 characters. */
  reference: string;
  amount: number;
  /** At most 100 characters. */
  description: string;
  billing: { email: string; phone: string; firstName: string; lastName: string };
};

const TIMEOUT_MS = 15_000;

const tokenAnswer = z.object({ token: z.string().min(1), expiryDate: z.string().optional() });
const submitAnswer = z.object({ order_tracking_id: z.string().min(1), redirect_url: z.url() });
const ipnAnswer = z.object({ ipn_id: z.string().min(1) });
const refundAnswer = z.object({ status: z.coerce.string(), message: z.string().nullish() });

/** Tokens by API and key, each reused until shortly before its 5 minutes end. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

export function pesapal(db: Database, config: PesapalConfig, fetchImpl: typeof fetch = fetch) {
  async function call(path: string, init: { method: "GET" | "POST"; body?: unknown }): Promise<unknown> {
    const token = await accessToken(config, fetchImpl);
    if (!token) return null;
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      method: init.method,
      headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${token}` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // A token Pesapal no longer takes is dropped; the next question fetches another.
    if (response.status === 401) tokens.delete(tokenKey(config));
    return response.json().catch(() => null);
  }
  const safely = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch {
      return fallback;
    }
  };

  return {
    /** SubmitOrderRequest: Pesapal's tracking id and the page to send the shopper to. */
    submitOrder: (order: OrderRequest): Promise<SubmittedOrder> =>
      safely(async () => {
        const notificationId = await ipnId(db, config, call);
        if (!notificationId) return { ok: false, error: "No IPN id" };
        const parsed = submitAnswer.safeParse(
          await call("/api/Transactions/SubmitOrderRequest", {
            method: "POST",
            body: {
              id: order.reference,
              currency: "KES",
              amount: order.amount,
              description: order.description,
              callback_url: config.callbackUrl,
              notification_id: notificationId,
              billing_address: {
                email_address: order.billing.email,
                phone_number: order.billing.phone,
                country_code: "KE",
                first_name: order.billing.firstName,
                last_name: order.billing.lastName,
              },
            },
          }),
        );
        return parsed.success
          ? { ok: true as const, trackingId: parsed.data.order_tracking_id, redirectUrl: parsed.data.redirect_url }
          : { ok: false as const, error: "Pesapal refused the order" };
      }, unreachable),
    /** GetTransactionStatus: the only answer that counts; null when Pesapal could not be asked. */
    transactionStatus: (trackingId: string): Promise<TransactionStatusAnswer | null> =>
      safely(async () => {
        const query = new URLSearchParams({ orderTrackingId: trackingId });
        const parsed = transactionStatusAnswer.safeParse(
          await call(`/api/Transactions/GetTransactionStatus?${query}`, { method: "GET" }),
        );
        return parsed.success ? parsed.data : null;
      }, null),
    /** RefundRequest: whether Pesapal took the request (its approval comes later, as a status change). */
    refundRequest: (refund: { confirmationCode: string; amount: number; username: string; remarks: string }) =>
      safely(async (): Promise<{ ok: true } | PesapalFailure> => {
        const parsed = refundAnswer.safeParse(
          await call("/api/Transactions/RefundRequest", {
            method: "POST",
            body: {
              confirmation_code: refund.confirmationCode,
              amount: refund.amount,
              username: refund.username,
              remarks: refund.remarks,
            },
          }),
        );
        if (parsed.success && parsed.data.status === "200") return { ok: true };
        return { ok: false, error: parsed.success ? (parsed.data.message ?? "Refused") : "Refused" };
      }, unreachable),
  };
}

const unreachable: PesapalFailure = { ok: false, error: pesapalMessages.unreachable };

/**
 * The IPN id orders name: PESAPAL_IPN_ID, else the one the shop registered before (kept in the
 * database), else a new registration of the shop's notification URL (RegisterIPN, POST).
 */
async function ipnId(
  db: Database,
  config: PesapalConfig,
  call: (path: string, init: { method: "POST"; body: unknown }) => Promise<unknown>,
): Promise<string | null> {
  if (config.ipnId) return config.ipnId;
  const [kept] = await db.select().from(pesapalState).where(eq(pesapalState.id, 1));
  if (kept?.ipnId && kept.ipnUrl === config.ipnUrl) return kept.ipnId;
  const parsed = ipnAnswer.safeParse(
    await call("/api/URLSetup/RegisterIPN", { method: "POST", body: { url: config.ipnUrl, ipn_notification_type: "POST" } }),
  );
  if (!parsed.success) return null;
  // Two instances registering at once each get an id; both work, and the last one kept is reused.
  const values = { ipnId: parsed.data.ipn_id, ipnUrl: config.ipnUrl };
  await db
    .insert(pesapalState)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: pesapalState.id, set: values });
  return parsed.data.ipn_id;
}

const tokenKey = (config: PesapalConfig) => `${config.apiUrl} ${config.consumerKey}`;

/** RequestToken's token, reused until a minute before its 5 minutes end. */
async function accessToken(config: PesapalConfig, fetchImpl: typeof fetch): Promise<string | null> {
  const kept = tokens.get(tokenKey(config));
  if (kept && kept.expiresAt > Date.now() + 60_000) return kept.token;
  const response = await fetchImpl(`${config.apiUrl}/api/Auth/RequestToken`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ consumer_key: config.consumerKey, consumer_secret: config.consumerSecret }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return null;
  const stated = parsed.data.expiryDate ? Date.parse(parsed.data.expiryDate) : NaN;
  const expiresAt = Number.isFinite(stated) ? Math.min(stated, Date.now() + 5 * 60_000) : Date.now() + 5 * 60_000;
  tokens.set(tokenKey(config), { token: parsed.data.token, expiresAt });
  return parsed.data.token;
}
