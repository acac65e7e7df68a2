// A local stand-in for KRA's eTIMS OSCU API (device initialisation, item registration and sales) for the
// shop's tests. It is written from the published OSCU interface and shares no code with lib/, so a test
// checks the shop against the contract rather than against the shop's own reading of it.
// The API lives under /etims-api/, the optional OAuth token at /v1/token/generate, test controls and a
// page of received receipts under /__simulator/. What a body must hold is decided by ./rules.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isObject, itemProblem, saleProblem } from "./rules";

export type EtimsSimulatorOptions = {
  /** 0 picks any free port. The simulator listens on 127.0.0.1 only. */
  port: number;
  /** The taxpayer's PIN, branch and device serial that selectInitOsdcInfo accepts and every call's headers carry. */
  tin: string;
  bhfId: string;
  dvcSrlNo: string;
  /** With both set, every eTIMS call needs a Bearer token from /v1/token/generate; without them, none does. */
  consumerKey?: string;
  consumerSecret?: string;
  /** Tokens last 3599 s; tests shorten it to see the shop renew one. */
  tokenTtlMs: number;
  /** Where one-line notes go (calls and their result codes). They never hold a key or a token. */
  log: (line: string) => void;
};

export const defaultEtimsOptions: EtimsSimulatorOptions = {
  port: 0,
  tin: "P051234567X",
  bhfId: "00",
  dvcSrlNo: "KT-SIM-0001",
  tokenTtlMs: 3599_000,
  log: () => {},
};

/** Where the OSCU methods are served: ETIMS_API_URL is the simulator's URL followed by this. */
export const apiBase = "/etims-api/";

type Json = Record<string, unknown>;

/** Every eTIMS answer has this shape, whatever the method. */
export type EtimsAnswer = { resultCd: string; resultMsg: string; resultDt: string; data: unknown };

/** An accepted sale or credit note, as tests and the receipts page see it. */
export type SaleRecord = {
  invcNo: number;
  rcptTyCd: "S" | "R";
  request: Json;
  answer: EtimsAnswer;
  /** How many saveTrnsSalesOsdc calls carried this invcNo, the accepted one and any refused before or after it. */
  attempts: number;
  receivedAt: Date;
};

export type ItemRecord = { itemCd: string; item: Json; saves: number; savedAt: Date };

export type EtimsSimulator = {
  url: string;
  /** What to set ETIMS_API_URL to. */
  apiUrl: string;
  /** The communication key selectInitOsdcInfo hands out, and every later call must carry. */
  cmcKey: string;
  sales(): SaleRecord[];
  items(): ItemRecord[];
  /** While down, every eTIMS call (and the token endpoint) answers HTTP 503 with no JSON. */
  setDown(down: boolean): void;
  /** Waits this long before answering each eTIMS call. */
  setSlow(ms: number): void;
  /** The next saveTrnsSalesOsdc answers this code instead of being judged, once. */
  rejectNext(resultCd?: string, resultMsg?: string): void;
  /** Forgets sales, items and flags; `all` also forgets that the device was initialised, and the tokens. */
  reset(options?: { all?: boolean }): void;
  close(): Promise<void>;
};

const maxRecords = 10_000;
const maxBodyChars = 512 * 1024;
const maxSlowMs = 120_000;
/** Keys the simulator's derived values (cmcKey, signatures): fixed, so they are the same on every run. */
const simulatorKey = "kra-etims-oscu-simulator";

/** The messages of KRA's result-code list, in the contract's wording where it has one. */
const resultMessages: Record<string, string> = {
  "000": "It is succeeded",
  "895": "An error regarding unallowed Request Method occurred.",
  "900": "There is no header information",
  "901": "It is not valid device",
  "902": "This device is installed",
  "910": "Request parameter error",
  "911": "There is no request full text",
  "912": "There is a request Method error",
  "921": "Sales or sales invoice data which is declared cannot be received.",
  "922": "Sales invoice data can be received after receiving the sales data.",
  "994": "Duplicated data exists",
  "999": "There is an unknown error. Please ask the administrator",
};

type State = {
  options: EtimsSimulatorOptions;
  device: Json;
  installed: boolean;
  items: Map<string, ItemRecord>;
  sales: Map<number, SaleRecord>;
  attempts: Map<number, number>;
  /** The last receipt number given per receipt type, and over both. */
  receiptNumbers: { S: number; R: number; total: number };
  /** Issued tokens and when each expires: any unexpired one is good, as with an ordinary OAuth server. */
  tokens: Map<string, number>;
  down: boolean;
  slowMs: number;
  rejectNext: { resultCd: string; resultMsg: string } | null;
  timers: Set<NodeJS.Timeout>;
};

export async function startEtimsSimulator(overrides: Partial<EtimsSimulatorOptions> = {}): Promise<EtimsSimulator> {
  const options = { ...defaultEtimsOptions, ...overrides };
  const state: State = {
    options,
    device: deviceInfo(options),
    installed: false,
    ...emptyRecords(),
    tokens: new Map(),
    timers: new Set(),
  };
  const server = createServer((request, response) => void answer(state, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiUrl: `${url}${apiBase}`,
    cmcKey: state.device.cmcKey as string,
    sales: () => saleList(state),
    items: () => [...state.items.values()].map((record) => ({ ...record })),
    setDown: (down) => {
      state.down = down;
    },
    setSlow: (ms) => {
      state.slowMs = ms;
    },
    rejectNext: (resultCd = "910", resultMsg) => {
      state.rejectNext = { resultCd, resultMsg: resultMsg ?? messageFor(resultCd) };
    },
    reset: (reset) => resetState(state, reset?.all === true),
    close: () => {
      clearTimers(state);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

function emptyRecords() {
  return {
    items: new Map<string, ItemRecord>(),
    sales: new Map<number, SaleRecord>(),
    attempts: new Map<number, number>(),
    receiptNumbers: { S: 0, R: 0, total: 0 },
    down: false,
    slowMs: 0,
    rejectNext: null,
  };
}

/** Calls already waiting out a slow answer are still answered. */
function resetState(state: State, all: boolean) {
  Object.assign(state, emptyRecords());
  if (all) {
    state.installed = false;
    state.tokens.clear();
  }
}

function clearTimers(state: State) {
  for (const timer of state.timers) clearTimeout(timer);
  state.timers.clear();
}

function saleList(state: State): SaleRecord[] {
  return [...state.sales.values()].map((sale) => ({ ...sale, attempts: state.attempts.get(sale.invcNo) ?? 1 }));
}

// ---- the device's identity ----

/** What selectInitOsdcInfo reports: the configured PIN, branch and serial, and keys derived from them. */
function deviceInfo({ tin, bhfId, dvcSrlNo }: EtimsSimulatorOptions): Json {
  const derive = (label: string) => createHmac("sha256", simulatorKey).update(`${label}|${tin}|${bhfId}|${dvcSrlNo}`).digest();
  const hex = (label: string) => derive(label).toString("hex").slice(0, 32);
  const digits = (label: string, length: number) =>
    (BigInt(`0x${derive(label).toString("hex")}`) % 10n ** BigInt(length)).toString().padStart(length, "0");
  const headOffice = bhfId === "00";
  return {
    tin,
    taxprNm: "SIMULATED TAXPAYER LTD",
    bsnsActv: "Retail sale of clothing",
    bhfId,
    bhfNm: headOffice ? "Headquarters" : `Branch ${bhfId}`,
    bhfOpenDt: "20240101",
    prvncNm: "NAIROBI CITY",
    dstrtNm: "WESTLANDS",
    sctrNm: "PARKLANDS",
    locDesc: "eTIMS simulator",
    hqYn: headOffice ? "Y" : "N",
    mgrNm: "Simulated Manager",
    mgrTelNo: "0700000000",
    mgrEmail: "manager@etims-simulator.test",
    dvcId: digits("dvcId", 16),
    sdcId: `KRACU01${digits("sdcId", 8)}`,
    mrcNo: `WIS01${digits("mrcNo", 6)}`,
    intrlKey: hex("intrlKey"),
    signKey: hex("signKey"),
    cmcKey: hex("cmcKey"),
  };
}

// ---- requests ----

type Call = { method: string; url: URL; headers: IncomingHttpHeaders; body: string | null };
type Reply = { status: number; json?: unknown; text?: string; html?: string };
type Handler = (state: State, call: Call) => Reply;

const etimsMethods: Record<string, Handler> = {
  selectInitOsdcInfo: withBody(initDevice),
  saveItem: withDevice(saveItem),
  saveTrnsSalesOsdc: withDevice(saveSale),
};

const controlRoutes: Record<string, Handler> = {
  "GET /__simulator/sales": (state) => ({ status: 200, json: { sales: saleList(state) } }),
  "GET /__simulator/items": (state) => ({ status: 200, json: { items: [...state.items.values()] } }),
  "GET /__simulator/receipts": (state) => ({ status: 200, html: receiptsPage(saleList(state)) }),
  "POST /__simulator/down": setDown,
  "POST /__simulator/slow": setSlow,
  "POST /__simulator/reject-next": setRejectNext,
  "POST /__simulator/reset": (state, { body }) => {
    resetState(state, parseJsonObject(body)?.all === true);
    return { status: 200, json: { reset: true } };
  },
};

async function answer(state: State, incoming: IncomingMessage, response: ServerResponse) {
  const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
  const method = incoming.method ?? "GET";
  let reply: Reply;
  try {
    const call = { method, url, headers: incoming.headers, body: await readBody(incoming) };
    reply = url.pathname.startsWith("/__simulator/") ? control(state, call) : await etimsCall(state, call);
  } catch (error) {
    reply = etims("999", `Simulator error: ${(error as Error).message}`);
  }
  send(response, reply);
  const result = (reply.json as Partial<EtimsAnswer> | undefined)?.resultCd;
  if (!url.pathname.startsWith("/__simulator/")) {
    const message = result && result !== "000" ? ` ${(reply.json as EtimsAnswer).resultMsg}` : "";
    state.options.log(`${method} ${url.pathname} → ${reply.status}${result ? ` ${result}` : ""}${message}`);
  }
}

function control(state: State, call: Call): Reply {
  const handler = controlRoutes[`${call.method} ${call.url.pathname}`];
  return handler ? handler(state, call) : { status: 404, json: { error: `No control ${call.method} ${call.url.pathname}` } };
}

async function etimsCall(state: State, call: Call): Promise<Reply> {
  if (state.slowMs > 0) await sleep(state, state.slowMs);
  // No JSON, as a gateway in front of an unreachable eTIMS answers.
  if (state.down) return { status: 503, text: "Service Unavailable" };
  const { pathname } = call.url;
  if (pathname === "/v1/token/generate") return generateToken(state, call);
  if (!pathname.startsWith(apiBase)) return { ...etims("912"), status: 404 };
  if (call.method !== "POST") return etims("895");
  if (!hasValidToken(state, call.headers)) return unauthorized();
  const handler = etimsMethods[pathname.slice(apiBase.length)];
  return handler ? handler(state, call) : etims("912", `${resultMessages["912"]}: no method ${pathname.slice(apiBase.length)}`);
}

// ---- OAuth ----

const tokenRequired = ({ consumerKey, consumerSecret }: EtimsSimulatorOptions) => Boolean(consumerKey && consumerSecret);

/** Without configured keys any Basic credentials get a token, so a shop that always asks for one still works. */
function generateToken(state: State, { method, url, headers }: Call): Reply {
  if (method !== "GET") return { ...etims("895"), status: 405 };
  const { consumerKey, consumerSecret, tokenTtlMs } = state.options;
  const encoded = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1] ?? "";
  if (
    tokenRequired(state.options) &&
    !sameSecret(Buffer.from(encoded, "base64").toString(), `${consumerKey}:${consumerSecret}`)
  ) {
    return unauthorized();
  }
  if (url.searchParams.get("grant_type") !== "client_credentials") {
    return { status: 400, json: { resultCd: "400", resultMsg: "grant_type must be client_credentials" } };
  }
  const now = Date.now();
  for (const [token, expiresAt] of state.tokens) if (expiresAt <= now) state.tokens.delete(token);
  const token = randomBytes(21).toString("base64url");
  state.tokens.set(token, now + tokenTtlMs);
  return { status: 200, json: { access_token: token, expires_in: String(Math.floor(tokenTtlMs / 1000)) } };
}

function hasValidToken(state: State, headers: IncomingHttpHeaders): boolean {
  if (!tokenRequired(state.options)) return true;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1];
  const expiresAt = bearer ? state.tokens.get(bearer) : undefined;
  return expiresAt !== undefined && Date.now() < expiresAt;
}

const unauthorized = (): Reply => ({ status: 401, json: { resultCd: "401", resultMsg: "Unauthorized" } });

// ---- OSCU methods ----

/** Parses the JSON body first: an empty one is 911, anything but an object 910. */
function withBody(handler: (state: State, body: Json) => Reply): Handler {
  return (state, { body }) => {
    if (body === null) return invalid("the body is larger than the simulator takes");
    if (body.trim() === "") return etims("911");
    const json = parseJsonObject(body);
    return json ? handler(state, json) : invalid("the body is not a JSON object");
  };
}

/** Every method but the initialisation carries the device's tin, bhfId and cmcKey as headers. */
function withDevice(handler: (state: State, body: Json) => Reply): Handler {
  const parsed = withBody(handler);
  return (state, call) => {
    const { tin, bhfid, cmckey } = call.headers;
    if (!tin || !bhfid || !cmckey) return etims("900");
    // A restarted simulator derives the same cmcKey, so a key from an earlier run still works.
    const { device } = state;
    if (tin !== device.tin || bhfid !== device.bhfId || !sameSecret(String(cmckey), device.cmcKey as string)) return etims("901");
    return parsed(state, call);
  };
}

function initDevice(state: State, body: Json): Reply {
  const { tin, bhfId, dvcSrlNo } = state.options;
  if (body.tin !== tin || body.bhfId !== bhfId || body.dvcSrlNo !== dvcSrlNo) return etims("901");
  // Like the real OSCU, a second initialisation is refused as 902 but still hands back the device's keys.
  const resultCd = state.installed ? "902" : "000";
  state.installed = true;
  return etims(resultCd, undefined, { info: { ...state.device } });
}

function saveItem(state: State, body: Json): Reply {
  const problem = itemProblem(body);
  if (problem) return invalid(problem);
  const itemCd = body.itemCd as string;
  const saves = (state.items.get(itemCd)?.saves ?? 0) + 1;
  state.items.delete(itemCd);
  state.items.set(itemCd, { itemCd, item: body, saves, savedAt: new Date() });
  if (state.items.size > maxRecords) state.items.delete(state.items.keys().next().value!);
  return etims("000");
}

function saveSale(state: State, body: Json): Reply {
  const invcNo = body.invcNo as number;
  if (Number.isSafeInteger(invcNo)) countAttempt(state, invcNo);
  if (state.rejectNext) {
    const { resultCd, resultMsg } = state.rejectNext;
    state.rejectNext = null;
    return etims(resultCd, resultMsg);
  }
  const problem = saleProblem(body) ?? unregisteredItem(state, body);
  if (problem) return invalid(problem);
  if (state.sales.has(invcNo)) return etims("994");
  if (body.rcptTyCd === "R" && state.sales.get(body.orgInvcNo as number)?.rcptTyCd !== "S") {
    return etims("922", `${resultMessages["922"]} (no sale with invcNo ${body.orgInvcNo})`);
  }
  return acceptSale(state, body);
}

function countAttempt(state: State, invcNo: number) {
  state.attempts.set(invcNo, (state.attempts.get(invcNo) ?? 0) + 1);
  if (state.attempts.size > maxRecords) state.attempts.delete(state.attempts.keys().next().value!);
}

function unregisteredItem(state: State, body: Json): string | null {
  const lines = body.itemList as Json[];
  const index = lines.findIndex((line) => !state.items.has(line.itemCd as string));
  return index < 0 ? null : `itemList[${index}].itemCd ${lines[index].itemCd} is not a registered item (saveItem it first)`;
}

function acceptSale(state: State, body: Json): Reply {
  const rcptTyCd = body.rcptTyCd as "S" | "R";
  const numbers = state.receiptNumbers;
  numbers[rcptTyCd] += 1;
  numbers.total += 1;
  const data = {
    curRcptNo: numbers[rcptTyCd],
    totRcptNo: numbers.total,
    ...receiptCodes(state.device, body),
    sdcDateTime: nairobiTime(),
  };
  const reply = etims("000", undefined, data);
  const invcNo = body.invcNo as number;
  state.sales.set(invcNo, {
    invcNo,
    rcptTyCd,
    request: body,
    answer: reply.json as EtimsAnswer,
    attempts: 0,
    receivedAt: new Date(),
  });
  if (state.sales.size > maxRecords) state.sales.delete(state.sales.keys().next().value!);
  return reply;
}

/**
 * The control unit's internal data (26 characters) and receipt signature (16), base32 like the real ones.
 * Keyed on the device, the invoice number and its totals only, so a test can know them in advance.
 */
function receiptCodes(device: Json, sale: Json): { intrlData: string; rcptSign: string } {
  const { tin, bhfId, signKey, intrlKey } = device;
  const signed = [tin, bhfId, sale.invcNo, sale.rcptTyCd, sale.totTaxblAmt, sale.totTaxAmt, sale.totAmt].join("|");
  const code = (key: unknown, length: number) =>
    base32(createHmac("sha256", `${simulatorKey}|${key}`).update(signed).digest()).slice(0, length);
  return { intrlData: code(intrlKey, 26), rcptSign: code(signKey, 16) };
}

// ---- controls ----

function setDown(state: State, { body }: Call): Reply {
  const down = parseJsonObject(body)?.down;
  if (typeof down !== "boolean") return { status: 400, json: { error: 'Send {"down": true} or {"down": false}' } };
  state.down = down;
  return { status: 200, json: { down } };
}

function setSlow(state: State, { body }: Call): Reply {
  const ms = parseJsonObject(body)?.ms;
  if (!Number.isSafeInteger(ms) || (ms as number) < 0 || (ms as number) > maxSlowMs) {
    return { status: 400, json: { error: `Send {"ms": N}, N a whole number of milliseconds up to ${maxSlowMs}` } };
  }
  state.slowMs = ms as number;
  return { status: 200, json: { ms } };
}

function setRejectNext(state: State, { body }: Call): Reply {
  const json = parseJsonObject(body || "{}");
  const resultCd = json?.resultCd ?? "910";
  if (typeof resultCd !== "string" || !/^\d{3}$/.test(resultCd) || resultCd === "000") {
    return { status: 400, json: { error: 'Send {"resultCd": "910", "resultMsg": "..."}, any three-digit code but 000' } };
  }
  const resultMsg = typeof json?.resultMsg === "string" ? json.resultMsg : messageFor(resultCd);
  state.rejectNext = { resultCd, resultMsg };
  return { status: 200, json: { rejectNext: state.rejectNext } };
}

/** The received sales and credit notes, newest first, for a person to read. */
function receiptsPage(sales: SaleRecord[]): string {
  const rows = sales.toReversed().map(({ request, answer, attempts, rcptTyCd }) => {
    const data = answer.data as Json;
    const cells = [
      data.totRcptNo,
      rcptTyCd === "S" ? "Sale" : `Credit note for ${request.orgInvcNo}`,
      request.invcNo,
      request.trdInvcNo,
      request.custNm ?? request.custTin ?? "",
      (request.itemList as Json[]).map((line) => `${line.qty} × ${line.itemNm}`).join(", "),
      request.totAmt,
      request.totTaxAmt,
      data.rcptSign,
      data.sdcDateTime,
      attempts,
    ];
    return `<tr>${cells.map((cell) => `<td>${escapeHtml(String(cell ?? ""))}</td>`).join("")}</tr>`;
  });
  const head = [
    "No.",
    "Type",
    "invcNo",
    "Trader invoice",
    "Customer",
    "Items",
    "Total",
    "VAT",
    "Signature",
    "CU time",
    "Attempts",
  ];
  const table = `<table><thead><tr>${head.map((cell) => `<th>${cell}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>eTIMS receipts</title></head><body><h1>eTIMS receipts</h1>${
    rows.length ? table : "<p>No receipts yet.</p>"
  }</body></html>`;
}

// ---- helpers ----

function etims(resultCd: string, resultMsg?: string, data: unknown = null): Reply {
  return { status: 200, json: { resultCd, resultMsg: resultMsg ?? messageFor(resultCd), resultDt: nairobiTime(), data } };
}

const messageFor = (resultCd: string) => resultMessages[resultCd] ?? resultMessages["999"];

const invalid = (problem: string) => etims("910", `${resultMessages["910"]}: ${problem}`);

/** YYYYMMDDhhmmss in Nairobi time (UTC+3, no daylight saving), as eTIMS writes dates. */
function nairobiTime(epochMs = Date.now()): string {
  return new Date(epochMs + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

/** RFC 4648 base32, without padding. */
function base32(bytes: Buffer): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let [bits, value, out] = [0, 0, ""];
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}

function sleep(state: State, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      resolve();
    }, ms);
    state.timers.add(timer);
  });
}

async function readBody(incoming: IncomingMessage): Promise<string | null> {
  let body = "";
  for await (const chunk of incoming) {
    body += chunk;
    if (body.length > maxBodyChars) return null;
  }
  return body;
}

function parseJsonObject(body: string | null): Json | null {
  try {
    const value: unknown = JSON.parse(body ?? "");
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function send(response: ServerResponse, reply: Reply) {
  if (reply.html !== undefined) {
    response.writeHead(reply.status, { "Content-Type": "text/html; charset=utf-8" }).end(reply.html);
  } else if (reply.text !== undefined) {
    response.writeHead(reply.status, { "Content-Type": "text/plain" }).end(reply.text);
  } else {
    response.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.json));
  }
}
