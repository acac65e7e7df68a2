// A local stand-in for Safaricom's Daraja API (OAuth token, M-Pesa Express STK Push and STK Query, C2B v2
// RegisterURL with Paybill/Till payments, their validation and confirmations, Transaction Status) for the
// shop's tests. It is written from Daraja's published contract and shares no code with lib/, so a test
// checks the shop against the contract rather than against the shop's own reading of it.
// Test controls live under /__simulator/; the outcome of each push is chosen by ./outcomes.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { setMaxListeners } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { outcomeFor, type Outcome } from "./outcomes";

export type SimulatorOptions = {
  /** 0 picks any free port. The simulator listens on 127.0.0.1 only. */
  port: number;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** Enables CustomerBuyGoodsOnline, paid into this till (PartyB). */
  tillNumber?: string;
  /** From an accepted push to its outcome: the callback is sent then, and the STK Query stops saying "being processed". */
  callbackDelayMs: number;
  /** Daraja's tokens last 3599 s; tests shorten it to see the shop renew one. */
  tokenTtlMs: number;
  /**
   * C2B external validation, which Safaricom switches on per shortcode on request: when on, every
   * Paybill/Till payment is first posted to the registered ValidationURL, which must answer within
   * `validationTimeoutMs`; on no answer the registered ResponseType decides.
   */
  c2bValidation: boolean;
  validationTimeoutMs: number;
  /**
   * A confirmation the shop did not answer with 2xx (down, killed, failing) is sent again every
   * `confirmationRetryMs`, at most `confirmationRetries` times more, as Daraja retries one.
   */
  confirmationRetryMs: number;
  confirmationRetries: number;
  /** The API initiator the Transaction Status API accepts (its name and encrypted password). */
  initiatorName: string;
  securityCredential: string;
  /** Where one-line notes go (requests, pushes, callbacks). They never hold a secret. */
  log: (line: string) => void;
};

export const defaultSimulatorOptions: SimulatorOptions = {
  port: 0,
  consumerKey: "simulator-key",
  consumerSecret: "simulator-secret",
  // The Daraja sandbox's public test shortcode and passkey.
  shortcode: "174379",
  passkey: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  callbackDelayMs: 1500,
  tokenTtlMs: 3599_000,
  c2bValidation: false,
  validationTimeoutMs: 8000,
  confirmationRetryMs: 2000,
  confirmationRetries: 15,
  initiatorName: "testapi",
  securityCredential: "simulator-credential",
  log: () => {},
};

export type TransactionType = "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";

/** What a test may see of a request: never its headers or body. */
export type RecordedRequest = { method: string; path: string; status: number; at: Date };

/** An accepted push as tests see it: no Password, no token. */
export type PushRecord = {
  CheckoutRequestID: string;
  MerchantRequestID: string;
  AccountReference: string;
  transactionType: TransactionType;
  phone: string;
  amount: number;
  /** The name from ./outcomes, and the ResultCode the callback and the query report. */
  outcome: string;
  resultCode: number;
  /** The MpesaReceiptNumber of a paid push, null otherwise. */
  receipt: string | null;
  callbackUrl: string;
  acceptedAt: Date;
};

export type DarajaSimulator = {
  url: string;
  /** Every request answered, oldest first (the latest 10,000). */
  requests: RecordedRequest[];
  /** Accepted pushes, oldest first (the latest 10,000). */
  pushes(): PushRecord[];
  /** Paybill/Till payments made by hand, oldest first. */
  handPayments(): HandPayment[];
  /** While down, every Daraja endpoint answers 503. */
  setDown(down: boolean): void;
  /** Forgets pushes, the token and requests, cancels callbacks not yet sent, and brings Daraja back up. */
  reset(): void;
  close(): Promise<void>;
};

const maxRecords = 10_000;
const maxBodyChars = 64 * 1024;
const callbackTimeoutMs = 10_000;
const accepted = "Success. Request accepted for processing";

export async function startDarajaSimulator(overrides: Partial<SimulatorOptions> = {}): Promise<DarajaSimulator> {
  const state = newState({ ...defaultSimulatorOptions, ...overrides });
  const server = createServer((request, response) => void answer(state, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(state.options.port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: state.requests,
    pushes: () => [...state.payments.values()].map(({ record }) => ({ ...record })),
    handPayments: () => [...state.handPayments.values()].map((payment) => ({ ...payment })),
    setDown: (down) => {
      state.down = down;
    },
    reset: () => resetState(state),
    close: () => {
      stopCallbacks(state);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

type Payment = { record: PushRecord; result: { code: number; desc: string }; callbacks: number; decidedAt: number };

type State = {
  options: SimulatorOptions;
  requests: RecordedRequest[];
  payments: Map<string, Payment>;
  receipts: Set<string>;
  /** Only the latest token is valid: the strictest reading of Daraja, so a shop that copes here copes there. */
  token: { value: string; expiresAt: number } | null;
  down: boolean;
  timers: Set<NodeJS.Timeout>;
  /** Aborted on reset and close, so no callback from an earlier test lands in a later one. */
  deliveries: AbortController;
  /** The C2B URLs registered for the shortcode (the latest registration wins, as on the sandbox). */
  c2bUrls: C2bUrls | null;
  /** Paybill/Till payments made by hand, by TransID: the Transaction Status API answers from them and the pushes. */
  handPayments: Map<string, HandPayment>;
};

export type HandPayment = {
  TransID: string;
  kind: "paybill" | "till";
  amount: number;
  phone: string;
  payee: string;
  at: number;
  /** Whether the shop answered a confirmation of it with 2xx. */
  confirmed: boolean;
};

type C2bUrls = { confirmation: string; validation: string; responseType: "Completed" | "Cancelled" };

function newState(options: SimulatorOptions): State {
  const [payments, receipts, timers] = [new Map<string, Payment>(), new Set<string>(), new Set<NodeJS.Timeout>()];
  const deliveries = deliveryController();
  const handPayments = new Map<string, HandPayment>();
  return { options, requests: [], payments, receipts, token: null, down: false, timers, deliveries, c2bUrls: null, handPayments };
}

function resetState(state: State) {
  stopCallbacks(state);
  state.payments.clear();
  state.receipts.clear();
  state.requests.length = 0;
  state.token = null;
  state.down = false;
  state.c2bUrls = null;
  state.handPayments.clear();
}

function stopCallbacks(state: State) {
  for (const timer of state.timers) clearTimeout(timer);
  state.timers.clear();
  state.deliveries.abort();
  state.deliveries = deliveryController();
}

/** Every callback in flight listens on its signal: many at once (a shop down, confirmations resent) are expected. */
function deliveryController() {
  const controller = new AbortController();
  setMaxListeners(Infinity, controller.signal);
  return controller;
}

type Json = Record<string, unknown>;
type Request = { url: URL; authorization: string; body: string | null };
type Reply = { status: number; body: unknown };
type Handler = (state: State, request: Request) => Reply | Promise<Reply>;

const darajaRoutes: Record<string, Handler> = {
  "GET /oauth/v1/generate": generateToken,
  "POST /mpesa/stkpush/v1/processrequest": withAccessToken(stkPush),
  "POST /mpesa/stkpushquery/v1/query": withAccessToken(stkQuery),
  "POST /mpesa/c2b/v2/registerurl": withAccessToken(registerC2bUrls),
  "POST /mpesa/transactionstatus/v1/query": withAccessToken(transactionStatus),
};

const controlRoutes: Record<string, Handler> = {
  "POST /__simulator/down": setDown,
  "GET /__simulator/pushes": listPushes,
  "POST /__simulator/c2b/pay": payByHand,
  "POST /__simulator/reset": (state) => {
    resetState(state);
    return { status: 200, body: { reset: true } };
  },
};

async function answer(state: State, incoming: IncomingMessage, response: ServerResponse) {
  const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
  let reply: Reply;
  try {
    const request = { url, authorization: incoming.headers.authorization ?? "", body: await readBody(incoming) };
    reply = await route(state, `${incoming.method} ${url.pathname}`, request);
  } catch (error) {
    reply = { status: 500, body: { error: `Simulator error: ${(error as Error).message}` } };
  }
  response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body));
  const problem = (reply.body as { errorMessage?: string }).errorMessage;
  state.options.log(`${incoming.method} ${url.pathname} → ${reply.status}${problem ? ` ${problem}` : ""}`);
  keepLatest(state.requests, { method: incoming.method ?? "", path: url.pathname, status: reply.status, at: new Date() });
}

function route(state: State, key: string, request: Request): Reply | Promise<Reply> {
  const control = controlRoutes[key];
  if (control) return control(state, request);
  // The code is the simulator's own: a Daraja outage answers whatever its gateway manages.
  if (state.down) return darajaError(503, "503.001.01", "Service Unavailable");
  const handler = darajaRoutes[key];
  return handler ? handler(state, request) : darajaError(404, "404.002.01", "Resource not found");
}

function generateToken(state: State, { url, authorization }: Request): Reply {
  const { consumerKey, consumerSecret, tokenTtlMs } = state.options;
  const encoded = /^Basic\s+(\S+)$/i.exec(authorization)?.[1] ?? "";
  if (!sameSecret(Buffer.from(encoded, "base64").toString(), `${consumerKey}:${consumerSecret}`)) {
    return darajaError(400, "400.008.01", "Invalid Authentication passed");
  }
  if (url.searchParams.get("grant_type") !== "client_credentials") {
    return darajaError(400, "400.008.02", "Invalid grant type passed");
  }
  state.token = { value: randomFrom(alphanumerics, 28), expiresAt: Date.now() + tokenTtlMs };
  return { status: 200, body: { access_token: state.token.value, expires_in: String(Math.floor(tokenTtlMs / 1000)) } };
}

function withAccessToken(handler: (state: State, body: Json) => Reply | Promise<Reply>): Handler {
  return (state, { authorization, body }) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    const { token } = state;
    if (!bearer || !token || Date.now() >= token.expiresAt || !sameSecret(bearer, token.value)) {
      return darajaError(404, "404.001.03", "Invalid Access Token");
    }
    const json = parseJsonObject(body);
    return json ? handler(state, json) : invalid("JSON");
  };
}

function stkPush(state: State, body: Json): Reply {
  const parsed = parsePush(body, state.options);
  if (!parsed.ok) return parsed.reply;
  const outcome = outcomeFor(parsed.push.phone);
  if (!outcome.result) return darajaError(500, "500.003.02", "System is busy. Please try again in few minutes.");
  const { MerchantRequestID, CheckoutRequestID } = acceptPush(state, parsed.push, outcome, outcome.result);
  const reply = {
    MerchantRequestID,
    CheckoutRequestID,
    ResponseCode: "0",
    ResponseDescription: accepted,
    CustomerMessage: accepted,
  };
  return { status: 200, body: reply };
}

function stkQuery(state: State, body: Json): Reply {
  const refused = credentialsProblem(body, state.options);
  if (refused) return refused;
  const payment = typeof body.CheckoutRequestID === "string" ? state.payments.get(body.CheckoutRequestID) : undefined;
  if (!payment) return invalid("CheckoutRequestID");
  if (Date.now() < payment.decidedAt) return darajaError(500, "500.001.1001", "The transaction is being processed");
  const { MerchantRequestID, CheckoutRequestID } = payment.record;
  return {
    status: 200,
    body: {
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successsfully", // sic: Daraja's own spelling
      MerchantRequestID,
      CheckoutRequestID,
      ResultCode: String(payment.result.code),
      ResultDesc: payment.result.desc,
    },
  };
}

function setDown(state: State, { body }: Request): Reply {
  const down = parseJsonObject(body)?.down;
  if (typeof down !== "boolean") return { status: 400, body: { error: 'Send {"down": true} or {"down": false}' } };
  state.down = down;
  return { status: 200, body: { down } };
}

function listPushes(state: State, { url }: Request): Reply {
  const reference = url.searchParams.get("accountReference");
  const records = [...state.payments.values()].map(({ record }) => record);
  return { status: 200, body: { pushes: records.filter((push) => reference === null || push.AccountReference === reference) } };
}

type StkPush = Pick<PushRecord, "transactionType" | "amount" | "phone" | "callbackUrl" | "AccountReference">;

/** Checks a push field by field and answers Daraja's error for the first one that is wrong. */
function parsePush(body: Json, options: SimulatorOptions): { ok: true; push: StkPush } | { ok: false; reply: Reply } {
  const refuse = (reply: Reply) => ({ ok: false as const, reply });
  const refused = credentialsProblem(body, options);
  if (refused) return refuse(refused);
  const payees: Record<TransactionType, string | undefined> = {
    CustomerPayBillOnline: options.shortcode,
    CustomerBuyGoodsOnline: options.tillNumber,
  };
  const transactionType = body.TransactionType as TransactionType;
  const payee = Object.hasOwn(payees, transactionType) ? payees[transactionType] : undefined;
  if (!payee) return refuse(invalid("TransactionType"));
  const amount = wholeShillings(body.Amount);
  if (!amount) return refuse(invalid("Amount"));
  if (!kenyanPhone(body.PartyA)) return refuse(invalid("PartyA"));
  if (digitString(body.PartyB) !== payee) return refuse(invalid("PartyB"));
  const phone = kenyanPhone(body.PhoneNumber);
  if (!phone) return refuse(invalid("PhoneNumber"));
  if (!isHttpUrl(body.CallBackURL)) return refuse(invalid("CallBackURL"));
  if (!isText(body.AccountReference, 12)) return refuse(invalid("AccountReference"));
  if (!isText(body.TransactionDesc, 13)) return refuse(invalid("TransactionDesc"));
  return {
    ok: true,
    push: { transactionType, amount, phone, callbackUrl: body.CallBackURL, AccountReference: body.AccountReference },
  };
}

/** The fields the push and the query share: who the merchant is, and the Password that proves it. */
function credentialsProblem(body: Json, { shortcode, passkey }: SimulatorOptions): Reply | null {
  if (digitString(body.BusinessShortCode) !== shortcode) return invalid("BusinessShortCode");
  if (!isTimestamp(body.Timestamp)) return invalid("Timestamp");
  if (typeof body.Password !== "string" || !body.Password) return invalid("Password");
  // A well-formed but wrong Password is not a 400 on Daraja: it is this 500 (a code it also uses for "being processed").
  const expected = Buffer.from(shortcode + passkey + body.Timestamp).toString("base64");
  return sameSecret(body.Password, expected) ? null : darajaError(500, "500.001.1001", "Wrong credentials");
}

function acceptPush(state: State, push: StkPush, outcome: Outcome, result: Payment["result"]): PushRecord {
  const now = Date.now();
  const record: PushRecord = {
    CheckoutRequestID: unusedId(state.payments, () => `ws_CO_${kenyanTimestamp(now)}${randomFrom(digits, 10)}`),
    MerchantRequestID: `${randomFrom(digits, 5)}-${randomFrom(digits, 8)}-1`,
    ...push,
    outcome: outcome.name,
    resultCode: result.code,
    receipt: result.code === 0 ? newReceipt(state.receipts) : null,
    acceptedAt: new Date(now),
  };
  const payment = { record, result, callbacks: outcome.callbacks, decidedAt: now + state.options.callbackDelayMs };
  state.payments.set(record.CheckoutRequestID, payment);
  if (record.receipt) state.receipts.add(record.receipt);
  if (state.payments.size > maxRecords) forgetOldest(state);
  state.options.log(`push ${record.CheckoutRequestID}: KES ${push.amount} from ${push.phone}, outcome ${outcome.name}`);
  if (payment.callbacks > 0) scheduleCallbacks(state, payment);
  return record;
}

/** Like M-Pesa's receipts (SFH7XK2P9Q), and unique among the pushes kept, as the shop may store them under a unique key. */
function newReceipt(taken: Set<string>): string {
  return unusedId(taken, () => randomFrom(letters, 1) + randomFrom(upperAlphanumerics, 9));
}

function forgetOldest(state: State) {
  const [id, oldest] = state.payments.entries().next().value!;
  state.payments.delete(id);
  if (oldest.record.receipt) state.receipts.delete(oldest.record.receipt);
}

function scheduleCallbacks(state: State, payment: Payment) {
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    // Built once, so a duplicate is byte for byte the same callback, as M-Pesa's duplicates are.
    const body = JSON.stringify(callbackBody(payment));
    const { callbackUrl, CheckoutRequestID } = payment.record;
    for (let sent = 0; sent < payment.callbacks; sent++) deliver(state, callbackUrl, `callback ${CheckoutRequestID}`, body);
  }, state.options.callbackDelayMs);
  state.timers.add(timer);
}

function callbackBody({ record, result, decidedAt }: Payment) {
  const { MerchantRequestID, CheckoutRequestID } = record;
  const stkCallback = { MerchantRequestID, CheckoutRequestID, ResultCode: result.code, ResultDesc: result.desc };
  if (result.code !== 0) return { Body: { stkCallback } };
  // Shuffled, so only a shop that reads items by Name passes.
  const items = shuffle([
    { Name: "Amount", Value: record.amount },
    { Name: "MpesaReceiptNumber", Value: record.receipt },
    { Name: "Balance" },
    { Name: "TransactionDate", Value: Number(kenyanTimestamp(decidedAt)) },
    { Name: "PhoneNumber", Value: Number(record.phone) },
  ]);
  return { Body: { stkCallback: { ...stkCallback, CallbackMetadata: { Item: items } } } };
}

/**
 * POSTs one callback and logs how the shop answered. Over http only, as the simulator uses nothing but
 * node:http. With `retries`, an answer other than 2xx (or none) sends it again after confirmationRetryMs.
 */
function deliver(state: State, to: string, label: string, body: string, retries = 0, answered = () => {}) {
  const { signal } = state.deliveries;
  const url = new URL(to);
  // The origin only: the shop's callback URL may carry its secret.
  const where = `${label} → ${url.origin}`;
  if (url.protocol !== "http:") {
    state.options.log(`${where} not sent: the simulator calls back over http only`);
    return;
  }
  const headers = { "content-type": "application/json" };
  const again = () => {
    if (retries <= 0 || signal.aborted) return;
    const timer = setTimeout(() => {
      state.timers.delete(timer);
      deliver(state, to, `${label} (again)`, body, retries - 1, answered);
    }, state.options.confirmationRetryMs);
    state.timers.add(timer);
  };
  const request = httpRequest(url, { method: "POST", headers, signal, timeout: callbackTimeoutMs }, (response) => {
    response.resume();
    state.options.log(`${where}: ${response.statusCode}`);
    if (response.statusCode && response.statusCode < 300) answered();
    else again();
  });
  request.on("timeout", () => request.destroy(new Error(`no answer within ${callbackTimeoutMs} ms`)));
  request.on("error", (error) => {
    if (signal.aborted) return;
    state.options.log(`${where} failed: ${error.message}`);
    again();
  });
  request.end(body);
}

/** C2B v2 RegisterURL: both URLs over http(s), neither naming M-Pesa or Safaricom (Safaricom refuses those). */
function registerC2bUrls(state: State, body: Json): Reply {
  const { shortcode, tillNumber } = state.options;
  const code = digitString(body.ShortCode);
  if (code !== shortcode && code !== tillNumber) return invalid("ShortCode");
  if (body.ResponseType !== "Completed" && body.ResponseType !== "Cancelled") return invalid("ResponseType");
  for (const field of ["ConfirmationURL", "ValidationURL"] as const) {
    const url = body[field];
    if (!isHttpUrl(url) || /m-?pesa|safaricom/i.test(url)) return invalid(field);
  }
  state.c2bUrls = {
    confirmation: body.ConfirmationURL as string,
    validation: body.ValidationURL as string,
    responseType: body.ResponseType,
  };
  state.options.log(`C2B URLs registered for ${code} (${body.ResponseType})`);
  return {
    status: 200,
    body: {
      OriginatorCoversationID: `${randomFrom(digits, 5)}-${randomFrom(digits, 8)}-1`,
      ResponseCode: "0",
      ResponseDescription: "Success",
    },
  };
}

/**
 * A shopper pays by hand, as tests direct: a Paybill with an account, or a Till; validated first when
 * validation is on; then its confirmation sent `confirmations` times (0: never, 2: a duplicate) after
 * `delayMs`. The payer's MSISDN is masked by default, as C2B v2 sends it in some set-ups.
 */
async function payByHand(state: State, { body }: Request): Promise<Reply> {
  const json = parseJsonObject(body);
  const urls = state.c2bUrls;
  if (!urls) return { status: 409, body: { error: "No C2B URLs registered: run the shop's register-urls first." } };
  const kind = json?.kind === "till" ? "till" : "paybill";
  const amount = wholeShillings(json?.amount);
  const phone = kenyanPhone(json?.phone);
  const confirmations = Number(json?.confirmations ?? 1);
  const delayMs = Number(json?.delayMs ?? 0);
  if (!json || !amount || !phone || ![0, 1, 2].includes(confirmations) || !(delayMs >= 0 && delayMs <= 600_000)) {
    return {
      status: 400,
      body: { error: "Send kind, amount, phone, account, and optionally confirmations (0-2), delayMs, msisdn." },
    };
  }
  if (kind === "till" && !state.options.tillNumber) return { status: 409, body: { error: "The simulator has no till." } };
  const notice = {
    TransactionType: kind === "till" ? "Buy Goods" : "Pay Bill",
    TransID: newReceipt(state.receipts),
    TransTime: kenyanTimestamp(Date.now()),
    TransAmount: `${amount}.00`,
    BusinessShortCode: kind === "till" ? state.options.tillNumber : state.options.shortcode,
    BillRefNumber: kind === "till" ? "" : String(json.account ?? ""),
    InvoiceNumber: "",
    OrgAccountBalance: "",
    ThirdPartyTransID: "",
    MSISDN: shownMsisdn(phone, json.msisdn),
    FirstName: "Wanjiku",
    MiddleName: "",
    LastName: "",
  };
  state.receipts.add(notice.TransID);
  if (state.options.c2bValidation && !(await validated(state, urls, notice))) {
    return { status: 200, body: { TransID: notice.TransID, status: "cancelled" } };
  }
  const payee = notice.BusinessShortCode!;
  const known: HandPayment = { TransID: notice.TransID, kind, amount, phone, payee, at: Date.now(), confirmed: false };
  state.handPayments.set(notice.TransID, known);
  const payload = JSON.stringify(notice);
  const { confirmationRetries } = state.options;
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    for (let sent = 0; sent < confirmations; sent++) {
      deliver(state, urls.confirmation, `confirmation ${notice.TransID}`, payload, confirmationRetries, () => {
        known.confirmed = true;
      });
    }
  }, delayMs);
  state.timers.add(timer);
  state.options.log(`C2B ${notice.TransID}: KES ${amount} to ${kind}, ${confirmations} confirmation(s) after ${delayMs} ms`);
  return { status: 200, body: { TransID: notice.TransID, status: "completed" } };
}

/**
 * Transaction Status: acknowledged at once; the answer goes to ResultURL after callbackDelayMs. A
 * payment the simulator knows (made by hand, or a paid push) to this shortcode or till is 'Completed'
 * with its details; an unknown code, or a wrong initiator, gets a failed result. Daraja publishes no
 * code for an unknown one: the simulator's is its own, as any non-zero ResultCode means not found.
 */
function transactionStatus(state: State, body: Json): Reply {
  const { shortcode, tillNumber, initiatorName, securityCredential } = state.options;
  if (body.CommandID !== "TransactionStatusQuery") return invalid("CommandID");
  if (!isText(body.TransactionID, 20)) return invalid("TransactionID");
  const partyA = digitString(body.PartyA);
  if (partyA !== shortcode && partyA !== tillNumber) return invalid("PartyA");
  if (!["1", "2", "4"].includes(String(body.IdentifierType))) return invalid("IdentifierType");
  for (const field of ["ResultURL", "QueueTimeOutURL"] as const) if (!isHttpUrl(body[field])) return invalid(field);
  if (!isText(body.Remarks, 100)) return invalid("Remarks");
  if (!isText(body.Initiator, 100) || !isText(body.SecurityCredential, 2000)) return invalid("Initiator");
  const ids = {
    OriginatorConversationID: `${randomFrom(digits, 5)}-${randomFrom(digits, 8)}-1`,
    ConversationID: `AG_${kenyanTimestamp(Date.now()).slice(0, 8)}_${randomFrom(alphanumerics.toLowerCase(), 20)}`,
  };
  const trusted = body.Initiator === initiatorName && sameSecret(body.SecurityCredential as string, securityCredential);
  const result = trusted
    ? statusResult(state, body.TransactionID as string)
    : { ResultCode: 2001, ResultDesc: "The initiator information is invalid." };
  const payload = JSON.stringify({
    Result: { ResultType: 0, ...result, ...ids, TransactionID: randomFrom(upperAlphanumerics, 10) },
  });
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    deliver(state, body.ResultURL as string, `status result ${body.TransactionID}`, payload);
  }, state.options.callbackDelayMs);
  state.timers.add(timer);
  state.options.log(`Transaction Status of ${body.TransactionID} asked`);
  return { status: 200, body: { ...ids, ResponseCode: "0", ResponseDescription: "Accept the service request successfully." } };
}

function statusResult(state: State, code: string) {
  const push = [...state.payments.values()].find((payment) => payment.record.receipt === code)?.record;
  const paid = state.handPayments.get(code) ?? (push && pushAsPayment(push, state.options));
  if (!paid) return { ResultCode: "R000001", ResultDesc: "The transaction could not be found." };
  const parameters = {
    DebitPartyName: `${paid.phone} - Wanjiku`,
    CreditPartyName: `${paid.payee} - Simulated Shop`,
    TransactionStatus: "Completed",
    Amount: `${paid.amount}.00`,
    ReceiptNo: code,
    ReasonType: paid.kind === "till" ? "Pay Merchant" : "Pay Bill Online",
    FinalisedTime: Number(kenyanTimestamp(paid.at)),
    DebitAccountType: "MMF Account For Customer",
  };
  return {
    ResultCode: 0,
    ResultDesc: "The service request is processed successfully.",
    ResultParameters: { ResultParameter: Object.entries(parameters).map(([Key, Value]) => ({ Key, Value })) },
  };
}

const pushAsPayment = (push: PushRecord, { shortcode, tillNumber }: SimulatorOptions): Omit<HandPayment, "confirmed"> => ({
  TransID: push.receipt!,
  kind: push.transactionType === "CustomerBuyGoodsOnline" ? "till" : "paybill",
  amount: push.amount,
  phone: push.phone,
  payee: push.transactionType === "CustomerBuyGoodsOnline" ? tillNumber! : shortcode,
  at: push.acceptedAt.getTime(),
});

/** The shop's validation answer: ResultCode 0 accepts; no answer in time falls back on the registered ResponseType. */
async function validated(state: State, urls: C2bUrls, notice: Json): Promise<boolean> {
  try {
    const response = await fetch(urls.validation, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(notice),
      signal: AbortSignal.timeout(state.options.validationTimeoutMs),
    });
    const answer = parseJsonObject(await response.text());
    return String(answer?.ResultCode) === "0";
  } catch {
    return urls.responseType === "Completed";
  }
}

/** The payer's number as C2B v2 shows it: masked ('2547 ***** 678', the default), hashed (SHA-256 hex), or whole. */
function shownMsisdn(phone: string, form: unknown): string {
  if (form === "whole") return phone;
  if (form === "hashed") return createHash("sha256").update(phone).digest("hex");
  return `${phone.slice(0, 4)} ***** ${phone.slice(-3)}`;
}

function darajaError(status: number, errorCode: string, errorMessage: string): Reply {
  return { status, body: { requestId: `${randomFrom(digits, 4)}-${randomFrom(digits, 8)}-1`, errorCode, errorMessage } };
}

function invalid(field: string): Reply {
  return darajaError(400, "400.002.02", `Bad Request - Invalid ${field}`);
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
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** Daraja takes its numeric fields as JSON numbers or as strings of digits. */
function digitString(value: unknown): string | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return typeof value === "string" && /^\d+$/.test(value) ? value : null;
}

function wholeShillings(value: unknown): number | null {
  const amount = Number(digitString(value) ?? Number.NaN);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

function kenyanPhone(value: unknown): string | null {
  const phone = digitString(value);
  return phone && /^254[17]\d{8}$/.test(phone) ? phone : null;
}

function isTimestamp(value: unknown): value is string {
  const iso = typeof value === "string" && /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!iso) return false;
  const text = `${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}:${iso[6]}`;
  const date = new Date(`${text}Z`);
  // A date that rolled over (30 February, hour 24) reads back differently.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || !URL.canParse(value)) return false;
  return ["http:", "https:"].includes(new URL(value).protocol);
}

function isText(value: unknown, maxLength: number): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= maxLength;
}

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** YYYYMMDDHHmmss in Nairobi time (UTC+3, no daylight saving), as Daraja writes dates. */
function kenyanTimestamp(epochMs: number): string {
  return new Date(epochMs + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

const digits = "0123456789";
const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const upperAlphanumerics = letters + digits;
const alphanumerics = upperAlphanumerics + letters.toLowerCase();

function randomFrom(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
}

function unusedId(taken: { has(id: string): boolean }, make: () => string): string {
  let id = make();
  while (taken.has(id)) id = make();
  return id;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function keepLatest<T>(list: T[], item: T) {
  list.push(item);
  if (list.length > maxRecords) list.splice(0, list.length - maxRecords);
}
