import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { backOfficeSections } from "@/lib/admin/sections";
import { reserveAttempt } from "@/lib/auth/throttle";
import type { Database } from "@/lib/db";
import { payloadTooLarge, readBodyAtMost } from "@/lib/http/body";
import { alertStaff } from "@/lib/notifications/staff-alerts";
import { sameSecret } from "@/lib/secrets";
import { whatsappConfig } from "./client";
import { recordStatus, type StatusEvent } from "./statuses";

// Meta's webhook (/api/whatsapp/webhook): a GET that verifies the subscription, and POSTs of events
// signed with the app secret. Only a correctly signed body is read; then statuses are recorded and a
// shopper's message rings the staff's bell. Meta retries what is not answered 200, so each event is
// recorded idempotently.

/** The largest body the route reads: Meta batches events, each a few hundred bytes. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

/** GET: echoes hub.challenge when hub.mode is 'subscribe' and hub.verify_token is the shop's; else 403. */
export function answerVerification(params: URLSearchParams): Response {
  const config = whatsappConfig();
  const token = params.get("hub.verify_token") ?? "";
  const challenge = params.get("hub.challenge") ?? "";
  if (!config || params.get("hub.mode") !== "subscribe" || !sameSecret(token, config.verifyToken) || !challenge)
    return new Response("Forbidden", { status: 403 });
  return new Response(challenge, { headers: { "Content-Type": "text/plain" } });
}

/** Finds the order a shopper's message names, for the bell's link. */
export type OrderMention = (db: Database, text: string) => Promise<{ number: string; link: string } | null>;

/** POST: 401 unsigned, 403 wrongly signed, 400 not Meta's shape; otherwise recorded and answered 200. */
export async function receiveWebhook(db: Database, request: Request, findOrder: OrderMention): Promise<Response> {
  const config = whatsappConfig();
  if (!config) return new Response("Not Found", { status: 404 });
  const signature = request.headers.get("x-hub-signature-256");
  if (!signature) return new Response("Unauthorized", { status: 401 });
  const body = await readBodyAtMost(request, WEBHOOK_MAX_BYTES);
  if (!body) return payloadTooLarge();
  const raw = Buffer.from(await body.arrayBuffer());
  if (!isSignedBy(config.appSecret, raw, signature)) return new Response("Forbidden", { status: 403 });
  const events = parseEvents(raw.toString("utf8"));
  if (!events) return new Response("Bad Request", { status: 400 });
  for (const status of events.statuses) await recordStatus(db, status);
  for (const message of events.messages) await ringBell(db, message, findOrder);
  return new Response("OK");
}

/** Whether `header` is 'sha256=' and the HMAC-SHA256 of the raw body under the app secret (compared in constant time). */
export function isSignedBy(appSecret: string, raw: Buffer, header: string): boolean {
  const presented = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!presented) return false;
  const expected = createHmac("sha256", appSecret).update(raw).digest();
  return timingSafeEqual(Buffer.from(presented[1], "hex"), expected);
}

/** A shopper's message to the shop's number. */
export type InboundMessage = { id: string; from: string; text: string };

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  timestamp: z.coerce.number().int().positive(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z.array(z.object({ code: z.coerce.number().optional(), title: z.string().optional() })).optional(),
});
const messageSchema = z.object({
  id: z.string().min(1).max(200),
  from: z.string().regex(/^\d{6,15}$/),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
});
const bodySchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          value: z.object({ statuses: z.array(statusSchema).optional(), messages: z.array(messageSchema).optional() }),
        }),
      ),
    }),
  ),
});

const knownStatuses = new Set<string>(["sent", "delivered", "read", "failed"]);

/** Meta's body as the shop's events; statuses it does not act on (deleted, warning…) are left out. null: not Meta's shape. */
export function parseEvents(raw: string): { statuses: StatusEvent[]; messages: InboundMessage[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) return null;
  const values = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value));
  return {
    statuses: values
      .flatMap((value) => value.statuses ?? [])
      .filter((status) => knownStatuses.has(status.status))
      .map((status) => ({
        id: status.id,
        reference: status.biz_opaque_callback_data ?? null,
        status: status.status as StatusEvent["status"],
        at: new Date(status.timestamp * 1000),
        failureReason: status.errors?.map((error) => `${error.title ?? "Error"} (${error.code ?? "?"})`).join("; ") || null,
      })),
    messages: values
      .flatMap((value) => value.messages ?? [])
      .map((message) => ({ id: message.id, from: message.from, text: message.text?.body ?? `(a ${message.type} message)` })),
  };
}

/** Longest part of a shopper's message the bell shows; the rest is in WhatsApp's own tools. */
const BELL_TEXT_CHARS = 300;
/** Meta may send one message again for days: each rings once within this. */
const REDELIVERY_WINDOW_MS = 7 * 86_400_000;

/** Rings the staff's bell once per message, with its text and a link to the order it names (else the orders). */
async function ringBell(db: Database, message: InboundMessage, findOrder: OrderMention): Promise<void> {
  await db.transaction(async (tx) => {
    const key = { key: `whatsapp-inbound:${message.id}`, max: 1, windowMs: REDELIVERY_WINDOW_MS };
    if ((await reserveAttempt(tx, [key])) > 0) return;
    const order = await findOrder(tx, message.text);
    const text = message.text.length > BELL_TEXT_CHARS ? `${message.text.slice(0, BELL_TEXT_CHARS)}…` : message.text;
    await alertStaff(tx, {
      kind: "order_status_changed",
      title: `WhatsApp from +${message.from}${order ? ` about ${order.number}` : ""}`,
      body: `${text} Reply in WhatsApp's own tools.`,
      link: order?.link ?? backOfficeSections.orders.path,
    });
  });
}
