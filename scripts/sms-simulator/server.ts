// A local stand-in for Africa's Talking's SMS API (POST /version1/messaging and its delivery reports)
// for the shop's tests. It is written from the published contract and shares no code with lib/, so a
// test checks the shop against the contract rather than against the shop's own reading of it.
// Test controls and the inbox live under /__simulator/; each number's fate is chosen by ./outcomes.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { outcomeFor } from "./outcomes";
import { escapeHtml, json, readBody, remember } from "../simulator-http";

export type SmsSimulatorOptions = {
  /** 0 picks any free port. The simulator listens on 127.0.0.1 only. */
  port: number;
  username: string;
  apiKey: string;
  /** Sender IDs the account may use in `from`; any other is refused with 402. */
  senderIds: string[];
  /** Where delivery reports are posted (a form, as Africa's Talking sends them); none without it. */
  callbackUrl?: string;
  /** From a send to its delivery reports. */
  reportDelayMs: number;
  log: (line: string) => void;
};

export const defaultSmsOptions: SmsSimulatorOptions = {
  port: 0,
  username: "sandbox",
  apiKey: "simulator-api-key",
  senderIds: ["KIJANI"],
  reportDelayMs: 500,
  log: () => {},
};

/** One text to one number, as the inbox and tests see it. */
export type SentMessage = {
  id: string;
  to: string;
  from: string | null;
  message: string;
  parts: number;
  encoding: "GSM-7" | "UCS-2";
  statusCode: number;
  status: string;
  /** The delivery reports posted so far, and the callback's answer to each. */
  reports: { status: string; answered: number | null }[];
  at: Date;
};

export type SmsSimulator = {
  url: string;
  messages(): SentMessage[];
  /** While down, the messaging endpoint answers 503 and sends nothing. */
  setDown(down: boolean): void;
  /** The next send answers 500 for every number, once. */
  failNext(): void;
  reset(): void;
  close(): Promise<void>;
};

/** What one part costs, in KES, as the answer reports it. */
const costPerPart = 0.8;

type State = {
  options: SmsSimulatorOptions;
  messages: SentMessage[];
  down: boolean;
  failNext: boolean;
  timers: Set<NodeJS.Timeout>;
};

export async function startSmsSimulator(overrides: Partial<SmsSimulatorOptions> = {}): Promise<SmsSimulator> {
  const state: State = {
    options: { ...defaultSmsOptions, ...overrides },
    messages: [],
    down: false,
    failNext: false,
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
    messages: () => state.messages.map((message) => ({ ...message, reports: [...message.reports] })),
    setDown: (down) => {
      state.down = down;
    },
    failNext: () => {
      state.failNext = true;
    },
    reset: () => {
      clearTimers();
      Object.assign(state, { messages: [], down: false, failNext: false });
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
    if (url.pathname !== "/version1/messaging" || request.method !== "POST") return text(response, 404, "Not Found");
    if (state.down) return text(response, 503, "Service Unavailable");
    const form = new URLSearchParams(await readBody(request));
    if (request.headers["apikey"] !== state.options.apiKey || form.get("username") !== state.options.username) {
      return text(response, 401, "The supplied authentication is invalid");
    }
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return text(response, 415, "Content-Type must be application/x-www-form-urlencoded");
    }
    if (!String(request.headers["accept"]).includes("application/json")) {
      return text(response, 406, "Accept must be application/json");
    }
    return send(state, form, response);
  } catch (error) {
    state.options.log(`error: ${error instanceof Error ? error.message : error}`);
    if (!response.headersSent) text(response, 400, "Invalid request");
  }
}

function send(state: State, form: URLSearchParams, response: ServerResponse) {
  const message = form.get("message") ?? "";
  const numbers = (form.get("to") ?? "")
    .split(",")
    .map((number) => number.trim())
    .filter(Boolean);
  if (message === "") return text(response, 400, "Must have message set");
  if (numbers.length === 0) return text(response, 400, "Must have to set");
  const from = form.get("from") || null;
  if (from !== null && !state.options.senderIds.includes(from)) {
    return json(response, 200, summary(numbers.map((number) => refusal(number, 402, "InvalidSenderId"))));
  }
  const gatewayError = state.failNext;
  state.failNext = false;
  const { parts, encoding } = segments(message);
  const recipients = numbers.map((number) => {
    if (!/^\+254(7|1)\d{8}$/.test(number)) return refusal(number, 403, "InvalidPhoneNumber");
    if (gatewayError) return refusal(number, 500, "InternalServerError");
    const outcome = outcomeFor(number);
    if (outcome.statusCode >= 400) return refusal(number, outcome.statusCode, outcome.status);
    const sent: SentMessage = {
      id: `ATXid_${randomBytes(16).toString("hex")}`,
      ...{ to: number, from, message, parts, encoding, statusCode: outcome.statusCode, status: outcome.status },
      reports: [],
      at: new Date(),
    };
    remember(state.messages, sent);
    scheduleReports(state, sent);
    state.options.log(`sent ${sent.id} to ${number} (${parts} part${parts === 1 ? "" : "s"}, ${encoding})`);
    return { statusCode: outcome.statusCode, number, status: outcome.status, cost: kes(parts), messageId: sent.id, parts };
  });
  return json(response, 201, summary(recipients));
}

type Recipient = { statusCode: number; number: string; status: string; cost: string; messageId: string; parts?: number };

const refusal = (number: string, statusCode: number, status: string): Recipient => ({
  statusCode,
  number,
  status,
  cost: "0",
  messageId: "None",
});

function summary(recipients: Recipient[]) {
  const sent = recipients.filter((recipient) => recipient.statusCode < 400);
  const parts = sent.reduce((total, recipient) => total + (recipient.parts ?? 0), 0);
  const Message = `Sent to ${sent.length}/${recipients.length} Total Cost: ${kes(parts)}`;
  return { SMSMessageData: { Message, Recipients: recipients.map(({ parts: _parts, ...recipient }) => recipient) } };
}

const kes = (parts: number) => `KES ${(parts * costPerPart).toFixed(4)}`;

/** Delivery reports as Africa's Talking posts them: a form per report, to the configured callback. */
function scheduleReports(state: State, sent: SentMessage) {
  const { callbackUrl, reportDelayMs } = state.options;
  if (!callbackUrl) return;
  outcomeFor(sent.to).reports.forEach((report, index) => {
    const timer = setTimeout(
      async () => {
        state.timers.delete(timer);
        const form = new URLSearchParams({
          id: sent.id,
          status: report.status,
          phoneNumber: sent.to,
          networkCode: "63902",
          retryCount: "0",
          ...(report.failureReason ? { failureReason: report.failureReason } : {}),
        });
        const answered = await fetch(callbackUrl, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) }).then(
          (callback) => callback.status,
          () => null,
        );
        sent.reports.push({ status: report.status, answered });
        state.options.log(`report ${report.status} for ${sent.id}: callback answered ${answered ?? "nothing"}`);
      },
      reportDelayMs * (index + 1),
    );
    state.timers.add(timer);
  });
}

// GSM 03.38: the basic set costs one unit a character, the extension table two; anything else
// makes the whole text UCS-2.
const gsmBasic =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const gsmExtension = "^{}\\[~]|€\f";

/** How many billed parts a text is: 160 GSM-7 units (153 a part when split) or 70 UCS-2 ones (67). */
export function segments(message: string): { parts: number; encoding: "GSM-7" | "UCS-2" } {
  let units = 0;
  for (const character of message) {
    if (gsmBasic.includes(character)) units += 1;
    else if (gsmExtension.includes(character)) units += 2;
    else {
      const length = message.length;
      return { parts: length <= 70 ? 1 : Math.ceil(length / 67), encoding: "UCS-2" };
    }
  }
  return { parts: units <= 160 ? 1 : Math.ceil(units / 153), encoding: "GSM-7" };
}

async function control(state: State, path: string, request: IncomingMessage, response: ServerResponse) {
  if (path === "/__simulator/inbox") return html(response, inboxPage(state.messages));
  if (path === "/__simulator/messages") return json(response, 200, state.messages);
  if (request.method !== "POST") return text(response, 405, "Method Not Allowed");
  const body = await readBody(request);
  if (path === "/__simulator/down") state.down = JSON.parse(body || "{}").down !== false;
  else if (path === "/__simulator/fail-next") state.failNext = true;
  else if (path === "/__simulator/reset") Object.assign(state, { messages: [], down: false, failNext: false });
  else return text(response, 404, "Not Found");
  return json(response, 200, { ok: true });
}

/** What each phone received, newest first, for a person to read. */
function inboxPage(messages: SentMessage[]): string {
  const phones = [...new Set(messages.map((message) => message.to))];
  const sections = phones.map((phone) => {
    const items = messages
      .filter((message) => message.to === phone)
      .reverse()
      .map(
        (message) =>
          `<li><p>${escapeHtml(message.message)}</p><p><small>${message.at.toISOString()} · ${message.parts} part(s), ${message.encoding} · ${escapeHtml(
            message.reports.at(-1)?.status ?? message.status,
          )}</small></p></li>`,
      );
    return `<section><h2>${escapeHtml(phone)}</h2><ol>${items.join("")}</ol></section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS inbox</title></head><body><h1>SMS inbox</h1>${
    sections.join("") || "<p>No messages yet.</p>"
  }</body></html>`;
}

function text(response: ServerResponse, status: number, value: string) {
  response.writeHead(status, { "Content-Type": "text/plain" }).end(value);
}

function html(response: ServerResponse, value: string) {
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(value);
}
