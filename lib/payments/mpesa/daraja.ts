import "server-only";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db";
import { mpesaTokens } from "@/lib/db/schema";
import type { MpesaConfig } from "./config";
import { darajaPassword, darajaTimestamp } from "./format";

// The only code that talks to Daraja. Secrets (consumer secret, passkey, tokens) never leave this
// module in a log line, an error message or an answer.

export type DarajaFailure = { ok: false; errorCode: string; errorMessage: string };
export type PushAnswer = { ok: true; checkoutRequestId: string; merchantRequestId: string } | DarajaFailure;
/** A query's answer: still in progress, or M-Pesa's result code. */
export type QueryAnswer =
  { ok: true; state: "processing" } | { ok: true; state: "done"; resultCode: number; resultDesc: string } | DarajaFailure;

export type StkPush = { amount: number; phone: string; accountReference: string; description: string };

/** A Daraja client on the shop's database (which shares the access token between instances). */
export function daraja(db: Database, config: MpesaConfig, fetchImpl: typeof fetch = fetch) {
  const call = (path: string, body: object) =>
    withToken(db, config, fetchImpl, (token) => post(fetchImpl, config, path, body, token));
  const credentials = () => {
    const timestamp = darajaTimestamp(new Date());
    return {
      BusinessShortCode: config.shortcode,
      Password: darajaPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  };

  return {
    /** Sends the PIN prompt to the shopper's phone. */
    async stkPush(push: StkPush): Promise<PushAnswer> {
      const answer = await call("/mpesa/stkpush/v1/processrequest", {
        ...credentials(),
        TransactionType: config.till ? "CustomerBuyGoodsOnline" : "CustomerPayBillOnline",
        Amount: push.amount,
        PartyA: push.phone,
        PartyB: config.till ?? config.shortcode,
        PhoneNumber: push.phone,
        CallBackURL: config.callbackUrl,
        AccountReference: push.accountReference.slice(0, 12),
        TransactionDesc: push.description.slice(0, 13),
      });
      if (!answer.ok) return answer;
      const accepted = pushAccepted.safeParse(answer.body);
      if (!accepted.success) return unexpected;
      return { ok: true, checkoutRequestId: accepted.data.CheckoutRequestID, merchantRequestId: accepted.data.MerchantRequestID };
    },

    /**
     * Registers the shop's C2B URLs for the shortcode (v2). ResponseType 'Completed': when the shop's
     * validation cannot answer, M-Pesa completes the payment, so no shopper is turned away by an outage.
     */
    async registerC2bUrls(): Promise<{ ok: true } | DarajaFailure> {
      const answer = await call("/mpesa/c2b/v2/registerurl", {
        ShortCode: config.shortcode,
        ResponseType: "Completed",
        ConfirmationURL: config.c2bUrls.confirmation,
        ValidationURL: config.c2bUrls.validation,
      });
      if (!answer.ok) return answer;
      return registered.safeParse(answer.body).success ? { ok: true } : unexpected;
    },

    /**
     * Asks M-Pesa about a payment to the shop by its code (Transaction Status API). Daraja only
     * acknowledges here; its answer is posted to `resultUrl` (and to the same URL on a queue timeout).
     */
    async transactionStatus(transId: string, resultUrl: string): Promise<{ ok: true } | DarajaFailure> {
      if (!config.initiator) return { ok: false, errorCode: "no-initiator", errorMessage: "No M-Pesa API initiator is set up." };
      const answer = await call("/mpesa/transactionstatus/v1/query", {
        Initiator: config.initiator.name,
        SecurityCredential: config.initiator.securityCredential,
        CommandID: "TransactionStatusQuery",
        TransactionID: transId,
        PartyA: config.shortcode,
        IdentifierType: "4",
        ResultURL: resultUrl,
        QueueTimeOutURL: resultUrl,
        Remarks: "Payment check",
        Occasion: transId,
      });
      if (!answer.ok) return answer;
      return registered.safeParse(answer.body).success ? { ok: true } : unexpected;
    },

    /** Asks M-Pesa how a push ended. */
    async stkQuery(checkoutRequestId: string): Promise<QueryAnswer> {
      const answer = await call("/mpesa/stkpushquery/v1/query", { ...credentials(), CheckoutRequestID: checkoutRequestId });
      if (!answer.ok) return isStillProcessing(answer) ? { ok: true, state: "processing" } : answer;
      const result = queryResult.safeParse(answer.body);
      if (!result.success) return unexpected;
      return { ok: true, state: "done", resultCode: result.data.ResultCode, resultDesc: result.data.ResultDesc };
    },
  };
}

/** Daraja's 'The transaction is being processed': keep the payment pending. (The same code also means 'Wrong credentials'.) */
const isStillProcessing = (answer: DarajaFailure) =>
  answer.errorCode === "500.001.1001" && /being processed/i.test(answer.errorMessage);
const INVALID_TOKEN = "404.001.03";
const TIMEOUT_MS = 15_000;

const pushAccepted = z.object({
  CheckoutRequestID: z.string().min(1),
  MerchantRequestID: z.string(),
  ResponseCode: z.literal("0"),
});
/** Daraja's acknowledgement of a request it accepted (RegisterURL, Transaction Status). */
const registered = z.object({ ResponseCode: z.literal("0") });
const queryResult = z.object({ ResultCode: z.coerce.number().int(), ResultDesc: z.string() });
const darajaError = z.object({ errorCode: z.string(), errorMessage: z.string() });
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const unexpected: DarajaFailure = { ok: false, errorCode: "unexpected", errorMessage: "Daraja answered in an unexpected shape." };

type Answer = { ok: true; body: unknown } | DarajaFailure;

async function post(fetchImpl: typeof fetch, config: MpesaConfig, path: string, body: object, token: string): Promise<Answer> {
  try {
    const response = await fetchImpl(`${config.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const parsed: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, body: parsed };
    const error = darajaError.safeParse(parsed);
    return error.success
      ? { ok: false, ...error.data }
      : { ok: false, errorCode: `http-${response.status}`, errorMessage: "Daraja refused the request." };
  } catch {
    return { ok: false, errorCode: "unreachable", errorMessage: "Daraja could not be reached." };
  }
}

/** Runs `request` with the shared token; on Daraja's 'invalid token' it fetches a new one and tries once more. */
async function withToken(
  db: Database,
  config: MpesaConfig,
  fetchImpl: typeof fetch,
  request: (token: string) => Promise<Answer>,
): Promise<Answer> {
  const token = await accessToken(db, config, fetchImpl);
  if (!token.ok) return token;
  const answer = await request(token.token);
  if (answer.ok || answer.errorCode !== INVALID_TOKEN) return answer;
  await db
    .update(mpesaTokens)
    .set({ token: null, expiresAt: null })
    .where(and(eq(mpesaTokens.id, 1), eq(mpesaTokens.token, token.token)));
  const fresh = await accessToken(db, config, fetchImpl);
  return fresh.ok ? request(fresh.token) : fresh;
}

/**
 * The shared token, until shortly before it expires. One instance at a time fetches a new one:
 * it claims the row's refresh lease first; the others wait for its token instead of fetching their
 * own (which would invalidate it).
 */
export async function accessToken(
  db: Database,
  config: MpesaConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; token: string } | DarajaFailure> {
  await db.insert(mpesaTokens).values({ id: 1 }).onConflictDoNothing();
  for (let waited = 0; waited < TIMEOUT_MS; waited += 200) {
    const [row] = await db.select().from(mpesaTokens).where(eq(mpesaTokens.id, 1));
    const staleFrom = new Date(Date.now() + 60_000);
    if (row.token && row.expiresAt && row.expiresAt > staleFrom) return { ok: true, token: row.token };
    // Claimed only while still stale: a caller that read the row before another's refresh ended finds the new token.
    const claimed = await db
      .update(mpesaTokens)
      .set({ refreshingUntil: sql`now() + interval '20 seconds'` })
      .where(
        and(
          eq(mpesaTokens.id, 1),
          or(isNull(mpesaTokens.refreshingUntil), lt(mpesaTokens.refreshingUntil, sql`now()`)),
          or(isNull(mpesaTokens.expiresAt), lte(mpesaTokens.expiresAt, staleFrom)),
        ),
      )
      .returning({ id: mpesaTokens.id });
    if (claimed.length === 1) return refreshToken(db, config, fetchImpl);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ok: false, errorCode: "token-timeout", errorMessage: "No Daraja token in time." };
}

async function refreshToken(
  db: Database,
  config: MpesaConfig,
  fetchImpl: typeof fetch,
): Promise<{ ok: true; token: string } | DarajaFailure> {
  const release = (values: Partial<typeof mpesaTokens.$inferInsert> = {}) =>
    db
      .update(mpesaTokens)
      .set({ ...values, refreshingUntil: null })
      .where(eq(mpesaTokens.id, 1));
  try {
    const response = await fetchImpl(`${config.apiUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString("base64")}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) {
      await release();
      return { ok: false, errorCode: `token-http-${response.status}`, errorMessage: "Daraja refused the shop's credentials." };
    }
    const { access_token: token, expires_in: seconds } = parsed.data;
    await release({ token, expiresAt: new Date(Date.now() + seconds * 1000) });
    return { ok: true, token };
  } catch {
    await release();
    return { ok: false, errorCode: "unreachable", errorMessage: "Daraja could not be reached." };
  }
}
