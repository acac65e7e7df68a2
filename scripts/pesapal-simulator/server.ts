// A local stand-in for Pesapal API 3.0 (RequestToken, RegisterIPN, GetIpnList, SubmitOrderRequest, its
// hosted payment page, GetTransactionStatus, RefundRequest, and the IPN calls) for the shop's tests.
// Written from Pesapal's published contract (developer.pesapal.com) and sharing no code with lib/, so a
// test checks the shop against the contract rather than against the shop's own reading of it.
// Test controls live under /__simulator/.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PesapalSimulatorOptions = {
  /** 0 picks any free port. The simulator listens on 127.0.0.1 only. */
  port: number;
  consumerKey: string;
  consumerSecret: string;
  /** Pesapal's tokens last 5 minutes; tests shorten it to see the shop renew one. */
  tokenTtlMs: number;
  /** How long a mobile payment (M-Pesa, Airtel Money) stays pending after the shopper confirms it. */
  mobilePendingMs: number;
  /** From a refund request to Pesapal's approval (the transaction then reads 'Reversed'). */
  refundApprovalMs: number;
  /** An IPN the shop did not acknowledge is sent again every `ipnRetryMs`, at most `ipnRetries` times more. */
  ipnRetryMs: number;
  ipnRetries: number;
  log: (line: string) => void;
};

export const defaultPesapalOptions: PesapalSimulatorOptions = {
  port: 0,
  consumerKey: "simulator-key",
  consumerSecret: "simulator-secret",
  tokenTtlMs: 5 * 60_000,
  mobilePendingMs: 20_000,
  refundApprovalMs: 2000,
  ipnRetryMs: 1000,
  ipnRetries: 30,
  log: () => {},
};

/** How the next payments' IPNs are sent: at once, after `lateMs`, twice at once, or never. */
export type IpnMode = { mode: "normal" | "twice" | "never" } | { mode: "late"; lateMs: number };

/** Pesapal's status codes: 0 invalid (or not yet paid), 1 completed, 2 failed, 3 reversed. */
const statusWords = { 0: "INVALID", 1: "COMPLETED", 2: "FAILED", 3: "REVERSED" } as const;
type StatusCode = keyof typeof statusWords;

export type Transaction = {
  trackingId: string;
  merchantReference: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  ipnId: string;
  email: string | null;
  phone: string | null;
  statusCode: StatusCode;
  /** How it was paid, as Pesapal names it ("Visa", "AirtelKE"…); empty until the shopper chose. */
  paymentMethod: string;
  confirmationCode: string;
  /** A mobile payment's completion time; until then it reads pending. */
  pendingUntil: number | null;
  refund: { amount: number; approved: boolean } | null;
  ipnMode: IpnMode;
};

type Ipn = { id: string; url: string; method: "GET" | "POST" };

export async function startPesapalSimulator(options: Partial<PesapalSimulatorOptions> = {}) {
  const config = { ...defaultPesapalOptions, ...options };
  const tokens = new Map<string, number>();
  const ipns = new Map<string, Ipn>();
  const transactions = new Map<string, Transaction>();
  const acknowledged: { trackingId: string; ok: boolean }[] = [];
  let ipnMode: IpnMode = { mode: "normal" };
  let base = "";

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      config.log(`error: ${String(error)}`);
      send(response, 500, { error: { code: "server_error" }, status: "500" });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    const route = `${request.method} ${url.pathname.replace(/\/+$/, "")}`;
    config.log(route);
    if (url.pathname.startsWith("/__simulator/")) return control(route, request, response, url);
    if (url.pathname.startsWith("/pay/")) return paymentPage(request, response, url);
    if (route === "POST /api/Auth/RequestToken") {
      const body = await json(request);
      if (body.consumer_key !== config.consumerKey || body.consumer_secret !== config.consumerSecret)
        return send(response, 200, apiError("invalid_consumer_key_or_secret_provided", "Invalid consumer key or secret"));
      const token = randomBytes(24).toString("base64url");
      const expires = Date.now() + config.tokenTtlMs;
      tokens.set(token, expires);
      return send(response, 200, {
        token,
        expiryDate: new Date(expires).toISOString(),
        error: null,
        status: "200",
        message: "Request processed successfully",
      });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || (tokens.get(bearer) ?? 0) < Date.now())
      return send(response, 401, apiError("invalid_api_token", "Token expired or invalid", "401"));
    if (route === "POST /api/URLSetup/RegisterIPN") {
      const body = await json(request);
      const method = body.ipn_notification_type === "POST" ? "POST" : body.ipn_notification_type === "GET" ? "GET" : null;
      if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url) || !method)
        return send(response, 200, apiError("invalid_ipn_url", "A url and ipn_notification_type GET or POST are required"));
      const ipn: Ipn = { id: randomUUID(), url: body.url, method };
      ipns.set(ipn.id, ipn);
      return send(response, 200, {
        url: ipn.url,
        created_date: new Date().toISOString(),
        ipn_id: ipn.id,
        notification_type: method === "GET" ? 0 : 1,
        ipn_notification_type_description: method,
        ipn_status: 1,
        ipn_status_description: "Active",
        error: null,
        status: "200",
      });
    }
    if (route === "GET /api/URLSetup/GetIpnList")
      return send(
        response,
        200,
        [...ipns.values()].map((ipn) => ({
          url: ipn.url,
          created_date: new Date().toISOString(),
          ipn_id: ipn.id,
          error: null,
          status: "200",
        })),
      );
    if (route === "POST /api/Transactions/SubmitOrderRequest") return submitOrder(await json(request), response);
    if (route === "GET /api/Transactions/GetTransactionStatus") {
      const transaction = transactions.get(url.searchParams.get("orderTrackingId") ?? "");
      if (!transaction) return send(response, 200, apiError("invalid_order_tracking_id", "Order tracking id not found"));
      return send(response, 200, statusOf(transaction));
    }
    if (route === "POST /api/Transactions/RefundRequest") return refundRequest(await json(request), response);
    send(response, 404, apiError("not_found", "No such endpoint", "404"));
  }

  function submitOrder(body: Record<string, unknown>, response: ServerResponse) {
    const billing = (body.billing_address ?? {}) as Record<string, unknown>;
    const problem =
      ((typeof body.id !== "string" || !/^[A-Za-z0-9\-_.:]{1,50}$/.test(body.id)) &&
        "id: up to 50 characters: letters, digits, - _ . :") ||
      (body.currency !== "KES" && "currency: KES") ||
      ((typeof body.amount !== "number" || !(body.amount > 0)) && "amount: a positive number") ||
      ((typeof body.description !== "string" || body.description.length > 100 || body.description === "") &&
        "description: up to 100 characters") ||
      ((typeof body.callback_url !== "string" || !/^https?:\/\//.test(body.callback_url)) && "callback_url") ||
      ((typeof body.notification_id !== "string" || !ipns.has(body.notification_id)) && "notification_id: a registered IPN id") ||
      (!billing.email_address && !billing.phone_number && "billing_address: email_address or phone_number");
    if (problem) return send(response, 200, apiError("invalid_order_request", problem));
    if ([...transactions.values()].some((transaction) => transaction.merchantReference === body.id))
      return send(response, 200, apiError("duplicate_merchant_reference", "The merchant reference was used before"));
    const transaction: Transaction = {
      trackingId: randomUUID(),
      merchantReference: body.id as string,
      amount: body.amount as number,
      currency: "KES",
      description: body.description as string,
      callbackUrl: body.callback_url as string,
      ipnId: body.notification_id as string,
      email: typeof billing.email_address === "string" ? billing.email_address : null,
      phone: typeof billing.phone_number === "string" ? billing.phone_number : null,
      statusCode: 0,
      paymentMethod: "",
      confirmationCode: "",
      pendingUntil: null,
      refund: null,
      ipnMode,
    };
    transactions.set(transaction.trackingId, transaction);
    send(response, 200, {
      order_tracking_id: transaction.trackingId,
      merchant_reference: transaction.merchantReference,
      redirect_url: `${base}/pay/${transaction.trackingId}`,
      error: null,
      status: "200",
    });
  }

  /** The hosted payment page: pay by card, by Airtel Money (pending a while), or decline. */
  async function paymentPage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const transaction = transactions.get(url.pathname.slice("/pay/".length));
    if (!transaction) return send(response, 404, "No such payment");
    if (request.method === "GET") {
      const html = `<!doctype html><html lang="en"><head><title>Pesapal simulator</title></head><body>
<h1>Pesapal simulator</h1><p>Pay KES ${transaction.amount} to ${escape(transaction.description)}</p>
<form method="post"><button name="choice" value="card">Pay by card</button>
<button name="choice" value="mobile">Pay by Airtel Money</button>
<button name="choice" value="decline">Decline</button></form></body></html>`;
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(html);
    }
    const choice = new URLSearchParams(await text(request)).get("choice");
    if (transaction.statusCode === 0 && transaction.pendingUntil === null) {
      if (choice === "card") complete(transaction, "Visa");
      else if (choice === "mobile") {
        transaction.paymentMethod = "AirtelKE";
        transaction.pendingUntil = Date.now() + config.mobilePendingMs;
        setTimeout(() => {
          complete(transaction, "AirtelKE");
          notify(transaction);
        }, config.mobilePendingMs).unref();
      } else {
        transaction.statusCode = 2;
        transaction.paymentMethod = "Visa";
      }
      if (choice !== "mobile") notify(transaction);
    }
    const back = new URL(transaction.callbackUrl);
    back.searchParams.set("OrderTrackingId", transaction.trackingId);
    back.searchParams.set("OrderMerchantReference", transaction.merchantReference);
    back.searchParams.set("OrderNotificationType", "CALLBACKURL");
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  function complete(transaction: Transaction, method: string) {
    transaction.statusCode = 1;
    transaction.paymentMethod = method;
    transaction.pendingUntil = null;
    transaction.confirmationCode = `PSP${randomBytes(5).toString("hex").toUpperCase()}`;
  }

  function statusOf(transaction: Transaction) {
    const code = transaction.statusCode;
    return {
      payment_method: transaction.paymentMethod,
      amount: transaction.amount,
      created_date: new Date().toISOString(),
      confirmation_code: transaction.confirmationCode,
      payment_status_description: code === 0 ? (transaction.pendingUntil ? "PENDING" : "INVALID") : statusWords[code],
      description: code === 2 ? "Transaction declined by the issuer" : "",
      message: "Request processed successfully",
      payment_account: transaction.paymentMethod === "Visa" ? "444444xxxxxx4444" : (transaction.phone ?? ""),
      call_back_url: transaction.callbackUrl,
      status_code: code,
      merchant_reference: transaction.merchantReference,
      payment_status_code: "",
      currency: transaction.currency,
      error: { error_type: null, code: null, message: null, call_back_url: null },
      status: "200",
    };
  }

  function refundRequest(body: Record<string, unknown>, response: ServerResponse) {
    const transaction = [...transactions.values()].find(
      (t) => t.confirmationCode && t.confirmationCode === body.confirmation_code,
    );
    const amount = Number(body.amount);
    const refused = (message: string) => send(response, 200, { status: "500", message });
    if (!transaction || transaction.statusCode !== 1)
      return refused("Refund failed: no completed payment with that confirmation code");
    if (transaction.refund) return refused("Refund failed: this payment was refunded before");
    if (!(amount > 0) || amount > transaction.amount) return refused("Refund failed: the amount is more than was paid");
    if (transaction.paymentMethod !== "Visa" && amount !== transaction.amount)
      return refused("Refund failed: mobile money is refunded in full only");
    if (typeof body.username !== "string" || typeof body.remarks !== "string")
      return refused("Refund failed: username and remarks are required");
    transaction.refund = { amount, approved: false };
    setTimeout(() => {
      transaction.refund = { amount, approved: true };
      transaction.statusCode = 3;
      notify(transaction);
    }, config.refundApprovalMs).unref();
    send(response, 200, { status: "200", message: "Refund request successfully" });
  }

  /** Sends the transaction's IPN as its mode says, again until the shop acknowledges it as Pesapal documents. */
  function notify(transaction: Transaction) {
    const mode = transaction.ipnMode;
    if (mode.mode === "never") return;
    const send = () => deliver(transaction, config.ipnRetries);
    if (mode.mode === "late") setTimeout(send, mode.lateMs).unref();
    else send();
    if (mode.mode === "twice") send();
  }

  async function deliver(transaction: Transaction, retriesLeft: number): Promise<void> {
    const ipn = ipns.get(transaction.ipnId);
    if (!ipn) return;
    const fields = {
      OrderTrackingId: transaction.trackingId,
      OrderMerchantReference: transaction.merchantReference,
      OrderNotificationType: "IPNCHANGE",
    };
    let ok = false;
    try {
      const target = new URL(ipn.url);
      if (ipn.method === "GET") for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
      const answer = await fetch(
        target,
        ipn.method === "GET"
          ? {}
          : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) },
      );
      const body = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
      ok =
        answer.ok &&
        body?.orderTrackingId === transaction.trackingId &&
        body?.orderNotificationType === "IPNCHANGE" &&
        Number(body?.status) === 200;
    } catch {
      ok = false;
    }
    acknowledged.push({ trackingId: transaction.trackingId, ok });
    if (!ok && retriesLeft > 0) setTimeout(() => void deliver(transaction, retriesLeft - 1), config.ipnRetryMs).unref();
  }

  async function control(route: string, request: IncomingMessage, response: ServerResponse, url: URL) {
    if (route === "POST /__simulator/ipn-mode") {
      const body = await json(request);
      ipnMode =
        body.mode === "late"
          ? { mode: "late", lateMs: Number(body.lateMs) || 3000 }
          : { mode: (["twice", "never"].includes(String(body.mode)) ? body.mode : "normal") as "normal" };
      return send(response, 200, ipnMode);
    }
    if (route === "GET /__simulator/transactions")
      return send(
        response,
        200,
        [...transactions.values()].map(({ ipnMode: _mode, ...rest }) => rest),
      );
    if (route === "GET /__simulator/acknowledgements") return send(response, 200, acknowledged);
    if (route === "POST /__simulator/notify") {
      const transaction = transactions.get(url.searchParams.get("trackingId") ?? "");
      if (!transaction) return send(response, 404, { error: "no such transaction" });
      void deliver(transaction, config.ipnRetries);
      return send(response, 200, { sent: true });
    }
    send(response, 404, { error: "no such control" });
  }

  await new Promise<void>((resolve) => server.listen(config.port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    transactions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function apiError(code: string, message: string, status = "500") {
  return { error: { error_type: "api_error", code, message }, status };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": typeof body === "string" ? "text/plain" : "application/json" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

async function text(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function json(request: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse(await text(request)) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
