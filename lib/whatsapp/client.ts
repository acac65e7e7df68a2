import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";

// The only code that talks to WhatsApp's Cloud API (Meta's Graph API). The token and the app secret
// never leave this module and its webhook check in a log line, an error message or an answer.

export type WhatsappConfig = {
  /** META_GRAPH_URL, the Graph API base with its version, without a trailing slash. */
  graphUrl: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  fallbackMinutes: number;
  /** SMS's limits, which WhatsApp's updates keep too (lib/whatsapp/queue.ts). */
  perPhonePerHour: number;
  dailyBudget: number;
};

/** WhatsApp's settings, or null while it is not set up (then nobody is offered it, and updates go by SMS). */
export function whatsappConfig(): WhatsappConfig | null {
  const settings = env();
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = settings;
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID || !WHATSAPP_APP_SECRET || !WHATSAPP_VERIFY_TOKEN) return null;
  return {
    graphUrl: settings.META_GRAPH_URL.replace(/\/+$/, ""),
    token: WHATSAPP_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    appSecret: WHATSAPP_APP_SECRET,
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    fallbackMinutes: settings.WHATSAPP_FALLBACK_MINUTES,
    perPhonePerHour: settings.SMS_PER_PHONE_PER_HOUR,
    dailyBudget: settings.SMS_DAILY_BUDGET,
  };
}

/** Whether shoppers are offered WhatsApp at all: what checkout, the account and the order events ask. */
export const whatsappEnabled = () => whatsappConfig() !== null;

/** A Kenyan number as the Cloud API wants it: international digits without '+' (2547…, 2541…). */
export const cloudApiNumber = (phone: string) => phone.replace(/^\+/, "");

/** Meta's answer to one send: accepted with its wamid, or refused with Meta's error code. */
export type SendAnswer = { ok: true; id: string } | { ok: false; code: number; message: string };

/** Meta could not be asked, or did not answer in its format: try again later. */
export class WhatsappUnavailable extends Error {}

const acceptedSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const errorSchema = z.object({ error: z.object({ code: z.coerce.number().int(), message: z.string().optional().default("") }) });

const timeoutMs = 15_000;

/**
 * Sends one approved template (`POST {graph}/{phone-number-id}/messages`) in English, its body filled
 * with `parameters` in order. `reference` (the update's outbox key) comes back in every status
 * webhook as `biz_opaque_callback_data`: a send whose answer a crash lost is still recognised by its
 * statuses, and not sent again. Throws WhatsappUnavailable when no answer in Meta's format came back.
 */
export async function sendTemplate(
  config: WhatsappConfig,
  message: { to: string; template: string; parameters: string[]; reference: string },
  fetchImpl: typeof fetch = fetch,
): Promise<SendAnswer> {
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: cloudApiNumber(message.to),
    type: "template",
    template: {
      name: message.template,
      language: { code: "en" },
      components: [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }],
    },
    biz_opaque_callback_data: message.reference,
  };
  let response: Response;
  try {
    response = await fetchImpl(`${config.graphUrl}/${config.phoneNumberId}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new WhatsappUnavailable(`WhatsApp: no answer (${(error as Error).name})`);
  }
  const answer: unknown = await response.json().catch(() => null);
  const accepted = acceptedSchema.safeParse(answer);
  if (response.ok && accepted.success) return { ok: true, id: accepted.data.messages[0].id };
  const refused = errorSchema.safeParse(answer);
  if (refused.success) return { ok: false, code: refused.data.error.code, message: refused.data.error.message };
  throw new WhatsappUnavailable(`WhatsApp: HTTP ${response.status}`);
}
