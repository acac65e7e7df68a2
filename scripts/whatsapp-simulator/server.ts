// A local stand-in for WhatsApp's Cloud API (POST /{version}/{phone-number-id}/messages) and its
// signed webhooks, for the shop's tests. It is written from Meta's published contract and shares no
// code with lib/, so a test checks the shop against the contract rather than against the shop's own
// reading of it. Test controls and the inbox live under /__simulator/; each number's fate is chosen
// by its last digit (outcomeFor below).
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { escapeHtml, json, readBody, remember } from "../simulator-http";

export type WhatsappSimulatorOptions = {
  /** 0 picks any free port. The simulator listens on 127.0.0.1 only. */
  port: number;
  token: string;
  phoneNumberId: string;
  /** Signs every webhook (X-Hub-Signature-256). */
  appSecret: string;
  /** The approved templates and how many body placeholders each has. */
  templates: Record<string, number>;
  /** Where webhooks are posted; none without it. */
  webhookUrl?: string;
  /**
   * A webhook not answered 200 is posted again after this long, up to webhookRetries times (Meta
   * keeps trying for up to 7 days, less and less often).
   */
  webhookRetryMs: number;
  webhookRetries: number;
  /** From a send to its first status, and between statuses. */
  statusDelayMs: number;
  log: (line: string) => void;
};

export const defaultWhatsappOptions: WhatsappSimulatorOptions = {
  port: 0,
  token: "simulator-token",
  phoneNumberId: "109876543210",
  appSecret: "simulator-app-secret",
  templates: { order_update: 5, order_with_courier: 6 },
  statusDelayMs: 300,
  webhookRetryMs: 1000,
  webhookRetries: 30,
  log: () => {},
};

type Status = "sent" | "delivered" | "read" | "failed";

/** What happens to a message by the number's last digit: the statuses posted, in the order posted. */
export const outcomeByLastDigit: Record<string, { description: string; statuses: Status[] }> = {
  "0": { description: "Sent, delivered, read", statuses: ["sent", "delivered", "read"] },
  "1": { description: "Sent, then failed (undeliverable)", statuses: ["sent", "failed"] },
  "2": { description: "Delivered reported before sent, and twice", statuses: ["delivered", "sent", "delivered"] },
  "8": { description: "Sent, never delivered", statuses: ["sent"] },
};
const deliveredOnly = { description: "Sent, delivered", statuses: ["sent", "delivered"] as Status[] };
export const outcomeFor = (number: string) => outcomeByLastDigit[number.slice(-1)] ?? deliveredOnly;

/** One message as the inbox and tests see it. */
export type SentMessage = {
  id: string;
  to: string;
  type: "template" | "text";
  template: string | null;
  parameters: string[];
  /** The text itself (a free-text message), else the template's name and values. */
  text: string;
  /** The sender's biz_opaque_callback_data, echoed in each status. */
  reference: string | null;
  /** Each status posted, the webhook's last answer, and how many posts it took. */
  statuses: { status: Status; answered: number | null; attempts: number }[];
  at: Date;
};

export type WhatsappSimulator = {
  url: string;
  messages(): SentMessage[];
  /** A shopper's message to the business: opens the 24-hour window and posts a signed webhook. */
  receive(from: string, text: string): Promise<number | null>;
  /** The next send answers 429 with error 130429, once. */
  rateLimitNext(): void;
  reset(): void;
  close(): Promise<void>;
};

const dayMs = 86_400_000;

type State = {
  options: WhatsappSimulatorOptions;
  messages: SentMessage[];
  /** When each number last wrote to the business. */
  lastInbound: Map<string, number>;
  rateLimitNext: boolean;
  timers: Set<NodeJS.Timeout>;
};

export async function startWhatsappSimulator(overrides: Partial<WhatsappSimulatorOptions> = {}): Promise<WhatsappSimulator> {
  const state: State = {
    options: { ...defaultWhatsappOptions, ...overrides },
    messages: [],
    lastInbound: new Map(),
    rateLimitNext: false,
    timers: new Set(),
  };
  const server = createServer((request, response) => void answer(state, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(state.options.port, "127.0.0.1", resolve);
  });
  const clearTimers = () => {
    for (const timer of state.timers) clearTimeout(timer);
    state.timers.clear();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages: () => state.messages.map((message) => ({ ...message, statuses: [...message.statuses] })),
    receive: (from, text) => receive(state, from, text),
    rateLimitNext: () => {
      state.rateLimitNext = true;
    },
    reset: () => {
      clearTimers();
      Object.assign(state, { messages: [], lastInbound: new Map(), rateLimitNext: false });
    },
    close: () => {
      clearTimers();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

async function answer(state: State, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://simulator");
  try {
    if (url.pathname.startsWith("/__simulator/")) return await control(state, url.pathname, request, response);
    const path = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(url.pathname);
    if (!path || request.method !== "POST") return graphError(response, 404, 100, "Unknown path components");
    if (request.headers.authorization !== `Bearer ${state.options.token}`)
      return graphError(response, 401, 190, "Invalid OAuth access token");
    if (path[1] !== state.options.phoneNumberId) return graphError(response, 400, 100, "Unknown phone number id");
    if (state.rateLimitNext) {
      state.rateLimitNext = false;
      return graphError(response, 429, 130429, "Rate limit hit");
    }
    return send(state, JSON.parse(await readBody(request)), response);
  } catch (error) {
    state.options.log(`error: ${error instanceof Error ? error.message : error}`);
    if (!response.headersSent) graphError(response, 400, 100, "Invalid parameter");
  }
}

type SendBody = {
  messaging_product?: string;
  to?: string;
  type?: string;
  text?: { body?: string };
  template?: { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: { text?: string }[] }[] };
  biz_opaque_callback_data?: string;
};

function send(state: State, body: SendBody, response: ServerResponse) {
  if (body.messaging_product !== "whatsapp") return graphError(response, 400, 100, "messaging_product must be whatsapp");
  const to = body.to ?? "";
  if (!/^254[17]\d{8}$/.test(to)) return graphError(response, 400, 131026, "Message undeliverable");
  const reference = body.biz_opaque_callback_data ?? null;
  if (reference !== null && (typeof reference !== "string" || reference.length > 512))
    return graphError(response, 400, 100, "biz_opaque_callback_data must be a string of at most 512 characters");
  let message: Omit<SentMessage, "id" | "statuses" | "at" | "reference">;
  if (body.type === "template") {
    const name = body.template?.name ?? "";
    const expected = state.options.templates[name];
    if (expected === undefined || body.template?.language?.code !== "en")
      return graphError(response, 404, 132001, "Template name does not exist in the translation");
    const parameters = (body.template?.components ?? [])
      .filter((component) => component.type === "body")
      .flatMap((component) => component.parameters ?? [])
      .map((parameter) => parameter.text ?? "");
    if (parameters.length !== expected || parameters.some((text) => text === "" || /[\n\t]| {5}/.test(text)))
      return graphError(response, 400, 132000, "Number of parameters does not match the expected number of params");
    message = { to, type: "template", template: name, parameters, text: `${name}: ${parameters.join(" | ")}` };
  } else if (body.type === "text") {
    // Free text only within 24 hours of the shopper's last message.
    if (Date.now() - (state.lastInbound.get(to) ?? 0) > dayMs)
      return graphError(
        response,
        400,
        131047,
        "Re-engagement message: more than 24 hours have passed since the recipient last replied",
      );
    message = { to, type: "text", template: null, parameters: [], text: body.text?.body ?? "" };
  } else return graphError(response, 400, 131051, "Unsupported message type");
  const id = `wamid.${randomBytes(24).toString("base64url")}`;
  const sent: SentMessage = { ...message, id, reference, statuses: [], at: new Date() };
  remember(state.messages, sent);
  scheduleStatuses(state, sent);
  state.options.log(`sent ${sent.id} to ${to}: ${sent.text}`);
  return json(response, 200, {
    messaging_product: "whatsapp",
    contacts: [{ input: to, wa_id: to }],
    messages: [{ id: sent.id }],
  });
}

/** Status webhooks as Meta posts them, signed, one event per post, each after statusDelayMs. */
function scheduleStatuses(state: State, sent: SentMessage) {
  outcomeFor(sent.to).statuses.forEach((status, index) => {
    const timer = setTimeout(
      async () => {
        state.timers.delete(timer);
        const event = {
          id: sent.id,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: sent.to,
          ...(sent.reference !== null && { biz_opaque_callback_data: sent.reference }),
          ...(status === "failed" && { errors: [{ code: 131026, title: "Message undeliverable" }] }),
        };
        const { answered, attempts } = await postUntilAnswered(state, { statuses: [event] });
        sent.statuses.push({ status, answered, attempts });
        state.options.log(`status ${status} for ${sent.id}: webhook answered ${answered ?? "nothing"}`);
      },
      state.options.statusDelayMs * (index + 1),
    );
    state.timers.add(timer);
  });
}

async function receive(state: State, from: string, text: string): Promise<number | null> {
  state.lastInbound.set(from, Date.now());
  const message = {
    from,
    id: `wamid.${randomBytes(24).toString("base64url")}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: "text",
    text: { body: text },
  };
  const { answered } = await postUntilAnswered(state, {
    contacts: [{ profile: { name: "Shopper" }, wa_id: from }],
    messages: [message],
  });
  return answered;
}

/** Posts a change until it is answered 200 or the retries run out: the last answer (null: none) and the posts made. */
async function postUntilAnswered(state: State, value: Record<string, unknown>) {
  let answered = await post(state, value);
  let attempts = 1;
  while (answered !== 200 && attempts <= state.options.webhookRetries) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        state.timers.delete(timer);
        resolve();
      }, state.options.webhookRetryMs);
      state.timers.add(timer);
    });
    answered = await post(state, value);
    attempts++;
  }
  return { answered, attempts };
}

/** Posts one change to the webhook, signed as Meta signs: sha256=HMAC-SHA256(app secret, raw body). */
async function post(state: State, value: Record<string, unknown>): Promise<number | null> {
  const { webhookUrl, appSecret, phoneNumberId } = state.options;
  if (!webhookUrl) return null;
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WHATSAPP_BUSINESS_ACCOUNT_ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "254700000000", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
  return fetch(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
    body,
    signal: AbortSignal.timeout(10_000),
  }).then(
    (answer) => answer.status,
    () => null,
  );
}

async function control(state: State, path: string, request: IncomingMessage, response: ServerResponse) {
  if (path === "/__simulator/inbox") return html(response, inboxPage(state.messages));
  if (path === "/__simulator/messages") return json(response, 200, state.messages);
  if (request.method !== "POST") return json(response, 405, { error: "Method Not Allowed" });
  const body = await readBody(request);
  if (path === "/__simulator/rate-limit-next") state.rateLimitNext = true;
  else if (path === "/__simulator/inbound") {
    const { from, text } = JSON.parse(body || "{}") as { from?: string; text?: string };
    if (!from || !text) return json(response, 400, { error: "from and text are required" });
    return json(response, 200, { answered: await receive(state, from, text) });
  } else if (path === "/__simulator/reset") Object.assign(state, { messages: [], lastInbound: new Map(), rateLimitNext: false });
  else return json(response, 404, { error: "Not Found" });
  return json(response, 200, { ok: true });
}

/** What each number received, newest first, for a person to read. */
function inboxPage(messages: SentMessage[]): string {
  const numbers = [...new Set(messages.map((message) => message.to))];
  const sections = numbers.map((number) => {
    const items = messages
      .filter((message) => message.to === number)
      .reverse()
      .map(
        (message) =>
          `<li><p>${escapeHtml(message.text)}</p><p><small>${message.at.toISOString()} · ${escapeHtml(
            message.statuses.map((entry) => entry.status).join(", ") || "accepted",
          )}</small></p></li>`,
      );
    return `<section><h2>${escapeHtml(number)}</h2><ol>${items.join("")}</ol></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>WhatsApp inbox</title></head><body><h1>WhatsApp inbox</h1>${
    sections.join("") || "<p>No messages yet.</p>"
  }</body></html>`;
}

/** Graph API errors as Meta answers them: {error: {message, type, code, fbtrace_id}}. */
function graphError(response: ServerResponse, status: number, code: number, message: string) {
  json(response, status, { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("hex") } });
}

function html(response: ServerResponse, value: string) {
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(value);
}
