import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";

// The only code that talks to KRA's eTIMS (the OSCU interface). The communication key, the consumer
// secret and tokens never leave this module in a log line, an error message or an answer.

export type EtimsConfig = {
  apiUrl: string;
  tin: string;
  branchId: string;
  deviceSerial: string;
  oauth: { tokenUrl: string; key: string; secret: string } | null;
};

/** eTIMS's settings, or null while it is not set up (invoices are then numbered and printed only). */
export function etimsConfig(): EtimsConfig | null {
  const settings = env();
  if (!settings.ETIMS_API_URL || !settings.ETIMS_DEVICE_SERIAL || !settings.SHOP_KRA_PIN) return null;
  const apiUrl = settings.ETIMS_API_URL.endsWith("/") ? settings.ETIMS_API_URL : `${settings.ETIMS_API_URL}/`;
  const key = settings.ETIMS_CONSUMER_KEY;
  const secret = settings.ETIMS_CONSUMER_SECRET;
  const tokenUrl = settings.ETIMS_TOKEN_URL ?? new URL("/v1/token/generate?grant_type=client_credentials", apiUrl).href;
  return {
    apiUrl,
    tin: settings.SHOP_KRA_PIN,
    branchId: settings.ETIMS_BRANCH_ID,
    deviceSerial: settings.ETIMS_DEVICE_SERIAL,
    oauth: key && secret ? { tokenUrl, key, secret } : null,
  };
}

/** Every answer's frame: `resultCd` "000" is success. */
const answerSchema = z.object({
  resultCd: z.string(),
  resultMsg: z.string().nullish(),
  resultDt: z.string().nullish(),
  data: z.unknown().optional(),
});
export type EtimsAnswer = { resultCd: string; resultMsg: string; data: unknown };

/** The server could not be asked, or did not answer in its own format: try again later. */
export class EtimsUnavailable extends Error {}

const timeoutMs = 20_000;

/**
 * One call: a JSON POST to `<base><method>`, with the device's headers once it has its key. Throws
 * EtimsUnavailable when no eTIMS answer came back (network, HTTP error, a body not in its format).
 */
export async function callEtims(
  config: EtimsConfig,
  method: string,
  body: object,
  communicationKey: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<EtimsAnswer> {
  const headers: Record<string, string> = { "Content-Type": "application/json", tin: config.tin, bhfId: config.branchId };
  if (communicationKey) headers.cmcKey = communicationKey;
  if (config.oauth) headers.Authorization = `Bearer ${await token(config.oauth, fetchImpl)}`;
  let response: Response;
  try {
    response = await fetchImpl(new URL(method, config.apiUrl), {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new EtimsUnavailable(`eTIMS ${method}: no answer (${(error as Error).name})`);
  }
  if (response.status === 401) cachedToken = null;
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new EtimsUnavailable(`eTIMS ${method}: HTTP ${response.status}`);
  return { resultCd: parsed.data.resultCd, resultMsg: parsed.data.resultMsg ?? "", data: parsed.data.data };
}

let cachedToken: { value: string; expiresAt: number } | null = null;

/** The OAuth token (client credentials), kept in this process until a minute before it expires. */
async function token(oauth: NonNullable<EtimsConfig["oauth"]>, fetchImpl: typeof fetch): Promise<string> {
  if (cachedToken && cachedToken.expiresAt > Date.now()) return cachedToken.value;
  const basic = Buffer.from(`${oauth.key}:${oauth.secret}`).toString("base64");
  const response = await fetchImpl(oauth.tokenUrl, {
    headers: { Authorization: `Basic ${basic}` },
    signal: AbortSignal.timeout(timeoutMs),
  }).catch(() => null);
  const body = tokenSchema.safeParse(await response?.json().catch(() => null));
  if (!response?.ok || !body.success) throw new EtimsUnavailable(`eTIMS token: HTTP ${response?.status ?? "no answer"}`);
  cachedToken = { value: body.data.access_token, expiresAt: Date.now() + (body.data.expires_in - 60) * 1000 };
  return cachedToken.value;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().min(60) });
