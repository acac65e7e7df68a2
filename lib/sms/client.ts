import "server-only";
import { z } from "zod";
import type { SmsPurpose } from "@/lib/db/values";
import { env } from "@/lib/env";
import { deriveSecret } from "@/lib/secrets";

// The only code that talks to Africa's Talking. The API key and the callback token never leave this
// module in a log line, an error message or an answer.

export type SmsConfig = {
  apiUrl: string;
  username: string;
  apiKey: string;
  senderId: string | null;
  /** The delivery reports' path secret (/api/sms/delivery/<token>). */
  callbackToken: string;
  perPhonePerHour: number;
  /** Texts a day for the whole shop, beyond which only essential ones go (lib/sms/queue.ts). */
  dailyBudget: number;
  /** Orders a day from one client address that get texts (lib/orders/place-order.ts). */
  ordersPerAddressPerDay: number;
  /** Marketing's shares of the daily budget: texts a day of each purpose other than an order's. */
  marketingPerDay: Record<Exclude<SmsPurpose, "order">, number>;
};

/** SMS's settings, or null while it is not set up (the shop then writes by e-mail only). */
export function smsConfig(): SmsConfig | null {
  const settings = env();
  if (!settings.AT_API_URL || !settings.AT_USERNAME || !settings.AT_API_KEY) return null;
  return {
    apiUrl: settings.AT_API_URL.replace(/\/+$/, ""),
    username: settings.AT_USERNAME,
    apiKey: settings.AT_API_KEY,
    senderId: settings.AT_SENDER_ID ?? null,
    callbackToken: settings.AT_CALLBACK_TOKEN ?? deriveSecret("sms-delivery-report"),
    perPhonePerHour: settings.SMS_PER_PHONE_PER_HOUR,
    dailyBudget: settings.SMS_DAILY_BUDGET,
    ordersPerAddressPerDay: settings.SMS_ORDERS_PER_ADDRESS_PER_DAY,
    marketingPerDay: { reminder: settings.SMS_REMINDERS_PER_DAY, back_in_stock: settings.SMS_BACK_IN_STOCK_PER_DAY },
  };
}

/** Whether texts can be sent at all: what checkout and the order events ask. */
export const smsEnabled = () => smsConfig() !== null;

/** One number's answer: statusCode 100/101/102 means accepted, with Africa's Talking's messageId. */
export type SmsRecipient = { statusCode: number; number: string; status: string; messageId: string };

const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(
      z.object({
        statusCode: z.coerce.number().int(),
        number: z.string(),
        status: z.string(),
        messageId: z.string().optional().default(""),
      }),
    ),
  }),
});

/** Africa's Talking could not be asked, or did not answer in its format: try again later. */
export class SmsUnavailable extends Error {}

const timeoutMs = 15_000;

/**
 * Sends one text to one number (`POST /version1/messaging`, a form) and returns that number's
 * answer. Throws SmsUnavailable when no answer in Africa's Talking's format came back.
 */
export async function sendSms(
  config: SmsConfig,
  to: string,
  message: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SmsRecipient> {
  const form = new URLSearchParams({ username: config.username, to, message });
  if (config.senderId) form.set("from", config.senderId);
  let response: Response;
  try {
    response = await fetchImpl(`${config.apiUrl}/version1/messaging`, {
      method: "POST",
      headers: { apiKey: config.apiKey, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SmsUnavailable(`Africa's Talking: no answer (${(error as Error).name})`);
  }
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw new SmsUnavailable(`Africa's Talking: HTTP ${response.status}`);
  const recipient = parsed.data.SMSMessageData.Recipients[0];
  if (!recipient)
    throw new SmsUnavailable(`Africa's Talking: no recipient in the answer (${parsed.data.SMSMessageData.Message ?? ""})`);
  return recipient;
}
