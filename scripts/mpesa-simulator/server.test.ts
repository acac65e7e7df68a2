import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outcomeByLastDigit, type LastDigit } from "./outcomes";
import { defaultSimulatorOptions, startDarajaSimulator, type DarajaSimulator } from "./server";

// Written from Daraja's contract, like the simulator, so the two check each other.
const { shortcode, passkey, consumerKey, consumerSecret } = defaultSimulatorOptions;
const till = "5551234";
const callbackDelayMs = 50;

type StkCallback = {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResultCode: number;
  ResultDesc: string;
  CallbackMetadata?: { Item: { Name: string; Value?: string | number }[] };
};
type Callback = { Body: { stkCallback: StkCallback } };
const received: Callback[] = [];
/** C2B validations and confirmations, each with the path it was posted to. */
type C2bNotice = { TransID: string; TransactionType: string; TransAmount: string; BillRefNumber: string; MSISDN: string };
const notices: { path: string; notice: C2bNotice }[] = [];
/** Transaction Status results posted to the ResultURL. */
type StatusResult = { Result: { ResultCode: number | string; ResultDesc: string; ResultParameters?: unknown } };
const statusResults: StatusResult[] = [];
let receiver: Server;
let callbackUrl: string;
let simulator: DarajaSimulator;

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const path = request.url ?? "";
    if (path.startsWith("/status/")) statusResults.push(JSON.parse(body));
    else if (path.startsWith("/c2b/")) notices.push({ path, notice: JSON.parse(body) });
    else received.push(JSON.parse(body));
    // A flaky confirmation URL fails the first copy of each payment, as a shop killed mid-answer would.
    if (
      path.startsWith("/c2b/flaky/") &&
      notices.filter(({ notice }) => notice.TransID === JSON.parse(body).TransID).length === 1
    ) {
      response.writeHead(500).end();
      return;
    }
    // A validation URL with 'refuse' in it refuses, with Daraja's invalid-account code.
    response.end(JSON.stringify({ ResultCode: path.includes("refuse") ? "C2B00012" : "0", ResultDesc: "ok" }));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/mpesa/callback?token=s3cret`;
  simulator = await startDarajaSimulator({ callbackDelayMs, tillNumber: till });
});

afterEach(() => {
  simulator.reset();
  received.length = 0;
  notices.length = 0;
  statusResults.length = 0;
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("OAuth token", () => {
  it("issues a token whose lifetime is a string of seconds", async () => {
    const response = await requestToken();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ access_token: expect.stringMatching(/^\w{20,}$/), expires_in: "3599" });
  });

  it.each([
    ["a wrong secret", basic(consumerKey, "wrong"), "client_credentials", "400.008.01"],
    ["no credentials", "", "client_credentials", "400.008.01"],
    ["a wrong grant_type", basic(consumerKey, consumerSecret), "password", "400.008.02"],
  ])("refuses %s with Daraja's 400", async (_case, authorization, grantType, errorCode) => {
    const response = await requestToken(authorization, grantType);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ requestId: expect.any(String), errorCode, errorMessage: expect.any(String) });
  });

  it("keeps only the latest token valid", async () => {
    const first = await token();
    const second = await token();
    expect(await push({}, first)).toEqual(invalidAccessToken);
    expect((await push({}, second)).status).toBe(200);
  });

  it("lets a token expire", async () => {
    const shortLived = await startDarajaSimulator({ tokenTtlMs: 30 });
    try {
      const bearer = await token(shortLived);
      await sleep(60);
      expect(await push({}, bearer, shortLived)).toEqual(invalidAccessToken);
    } finally {
      await shortLived.close();
    }
  });

  it("answers a push without a bearer token with 404 Invalid Access Token", async () => {
    expect(await push({}, "")).toEqual(invalidAccessToken);
  });
});

describe("STK Push validation", () => {
  const timestamp = "20250131235959";
  it.each<[string, Record<string, unknown>, string]>([
    ["a wrong shortcode", { BusinessShortCode: "600000", Password: password(timestamp, "600000") }, "BusinessShortCode"],
    ["a timestamp of 13 digits", { Timestamp: "2025013123595" }, "Timestamp"],
    ["a timestamp that is no date", { Timestamp: "20250230120000", Password: password("20250230120000") }, "Timestamp"],
    ["a missing password", { Password: "" }, "Password"],
    ["an unknown transaction type", { TransactionType: "CustomerPay" }, "TransactionType"],
    ["a decimal amount", { Amount: 10.5 }, "Amount"],
    ["a decimal amount as text", { Amount: "10.50" }, "Amount"],
    ["a zero amount", { Amount: 0 }, "Amount"],
    ["a local phone number", { PhoneNumber: "0712345670" }, "PhoneNumber"],
    ["a landline-like phone number", { PhoneNumber: "254201234560" }, "PhoneNumber"],
    ["a bad PartyA", { PartyA: "25471234567" }, "PartyA"],
    ["a PartyB that is not the shortcode", { PartyB: till }, "PartyB"],
    ["a callback URL that is not http(s)", { CallBackURL: "ftp://example.com/callback" }, "CallBackURL"],
    ["a 13-character AccountReference", { AccountReference: "ORDER-1234567" }, "AccountReference"],
    ["an empty AccountReference", { AccountReference: "" }, "AccountReference"],
    ["a 14-character TransactionDesc", { TransactionDesc: "Kijani Threads" }, "TransactionDesc"],
  ])("refuses %s with 400.002.02", async (_case, overrides, field) => {
    const response = await push({ Timestamp: timestamp, Password: password(timestamp), ...overrides });
    expect(response).toEqual({ status: 400, body: darajaError("400.002.02", `Bad Request - Invalid ${field}`) });
  });

  it("answers a wrong password as Daraja does: 500 Wrong credentials", async () => {
    const response = await push({ Password: Buffer.from(`${shortcode}wrong-passkey20250131235959`).toString("base64") });
    expect(response).toEqual({ status: 500, body: darajaError("500.001.1001", "Wrong credentials") });
  });

  it("accepts numbers as strings and strings as numbers", async () => {
    const response = await push({ BusinessShortCode: Number(shortcode), Amount: "250", PhoneNumber: 254712345670 });
    expect(response).toEqual({
      status: 200,
      body: {
        MerchantRequestID: expect.any(String),
        CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+$/),
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      },
    });
    expect(simulator.pushes()).toMatchObject([{ amount: 250, phone: "254712345670", outcome: "paid" }]);
  });
});

describe("till and paybill", () => {
  it("pays a till with CustomerBuyGoodsOnline and PartyB = the till", async () => {
    expect((await push({ TransactionType: "CustomerBuyGoodsOnline", PartyB: till })).status).toBe(200);
    expect(simulator.pushes()).toMatchObject([{ transactionType: "CustomerBuyGoodsOnline" }]);
  });

  it("refuses a till payment into the paybill shortcode", async () => {
    const response = await push({ TransactionType: "CustomerBuyGoodsOnline", PartyB: shortcode });
    expect(response.body).toMatchObject({ errorMessage: "Bad Request - Invalid PartyB" });
  });

  it("refuses CustomerBuyGoodsOnline when no till is configured", async () => {
    const paybillOnly = await startDarajaSimulator();
    try {
      const response = await push(
        { TransactionType: "CustomerBuyGoodsOnline", PartyB: till },
        await token(paybillOnly),
        paybillOnly,
      );
      expect(response.body).toMatchObject({ errorMessage: "Bad Request - Invalid TransactionType" });
    } finally {
      await paybillOnly.close();
    }
  });
});

describe("outcomes by the phone's last digit", () => {
  it.each(["0", "9"] as const)("digit %s: pays, with the metadata in a callback", async (digit) => {
    const { CheckoutRequestID } = await acceptedPush(digit, { Amount: 1499 });
    const [callback] = await callbacksFor(CheckoutRequestID, 1);
    const { CallbackMetadata, ...result } = callback.Body.stkCallback;
    expect(result).toEqual({
      MerchantRequestID: expect.any(String),
      CheckoutRequestID,
      ResultCode: 0,
      ResultDesc: "The service request is processed successfully.",
    });
    const items = Object.fromEntries((CallbackMetadata?.Item ?? []).map((item) => [item.Name, item]));
    expect(Object.keys(items).sort()).toEqual(["Amount", "Balance", "MpesaReceiptNumber", "PhoneNumber", "TransactionDate"]);
    expect(items.Amount.Value).toBe(1499);
    expect(items.MpesaReceiptNumber.Value).toMatch(/^[A-Z][A-Z0-9]{9}$/);
    expect(items.Balance).toEqual({ Name: "Balance" });
    expect(String(items.TransactionDate.Value)).toMatch(/^20\d{12}$/);
    expect(items.PhoneNumber.Value).toBe(Number(`25471234567${digit}`));
    expect(simulator.pushes()[0].receipt).toBe(items.MpesaReceiptNumber.Value);
  });

  it.each<[LastDigit, number]>([
    ["1", 1],
    ["2", 1032],
    ["3", 2001],
    ["4", 1037],
    ["8", 1019],
  ])("digit %s: fails with ResultCode %i and no metadata", async (digit, resultCode) => {
    const { CheckoutRequestID } = await acceptedPush(digit);
    const [callback] = await callbacksFor(CheckoutRequestID, 1);
    expect(callback.Body.stkCallback).toEqual({
      MerchantRequestID: expect.any(String),
      CheckoutRequestID,
      ResultCode: resultCode,
      ResultDesc: outcomeByLastDigit[digit].result?.desc,
    });
    expect(simulator.pushes()[0]).toMatchObject({ resultCode, receipt: null });
  });

  it("digit 5: pays but never calls back; only the query tells", async () => {
    const { CheckoutRequestID } = await acceptedPush("5");
    await sleep(callbackDelayMs * 4);
    expect(received).toEqual([]);
    expect(await query(CheckoutRequestID)).toMatchObject({ status: 200, body: { ResultCode: "0" } });
  });

  it("digit 6: pays and sends the same callback twice", async () => {
    const { CheckoutRequestID } = await acceptedPush("6");
    const [first, second] = await callbacksFor(CheckoutRequestID, 2);
    expect(first).toEqual(second);
    expect(first.Body.stkCallback.ResultCode).toBe(0);
    await sleep(callbackDelayMs * 2);
    expect(received).toHaveLength(2);
  });

  it("digit 7: Daraja is busy and refuses the push itself", async () => {
    const response = await push({ PhoneNumber: "254712345677", PartyA: "254712345677" });
    expect(response).toEqual({
      status: 500,
      body: darajaError("500.003.02", "System is busy. Please try again in few minutes."),
    });
    await sleep(callbackDelayMs * 2);
    expect(simulator.pushes()).toEqual([]);
    expect(received).toEqual([]);
  });

  it("gives every paid push its own receipt", async () => {
    for (let i = 0; i < 5; i++) await acceptedPush("0");
    const receipts = simulator.pushes().map((payment) => payment.receipt);
    expect(new Set(receipts).size).toBe(5);
  });
});

describe("STK Query", () => {
  it("says the transaction is being processed until the outcome is decided", async () => {
    const slow = await startDarajaSimulator({ callbackDelayMs: 60_000 });
    try {
      const bearer = await token(slow);
      const { CheckoutRequestID } = (await push({ CallBackURL: callbackUrl }, bearer, slow)).body as {
        CheckoutRequestID: string;
      };
      expect(await query(CheckoutRequestID, bearer, slow)).toEqual({
        status: 500,
        body: darajaError("500.001.1001", "The transaction is being processed"),
      });
    } finally {
      await slow.close();
    }
  });

  it("reports the result, as strings, once it is decided", async () => {
    const { CheckoutRequestID, MerchantRequestID } = await acceptedPush("2");
    await callbacksFor(CheckoutRequestID, 1);
    expect(await query(CheckoutRequestID)).toEqual({
      status: 200,
      body: {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID,
        CheckoutRequestID,
        ResultCode: "1032",
        ResultDesc: "Request Cancelled by user.",
      },
    });
  });

  it("refuses an unknown CheckoutRequestID", async () => {
    const response = await query("ws_CO_000000000000000000000000");
    expect(response).toEqual({ status: 400, body: darajaError("400.002.02", "Bad Request - Invalid CheckoutRequestID") });
  });

  it("checks the password like the push", async () => {
    const { CheckoutRequestID } = await acceptedPush("0");
    const response = await daraja("/mpesa/stkpushquery/v1/query", await token(), {
      ...credentials("20250101000000"),
      Password: password("20250101000001"),
      CheckoutRequestID,
    });
    expect(response.body).toMatchObject({ errorCode: "500.001.1001", errorMessage: "Wrong credentials" });
  });
});

describe("logging", () => {
  it("never logs a secret: the consumer secret, the token, the password or the callback URL's query", async () => {
    const lines: string[] = [];
    const logged = await startDarajaSimulator({ callbackDelayMs, log: (line) => lines.push(line) });
    try {
      const bearer = await token(logged);
      const { CheckoutRequestID } = (await push({}, bearer, logged)).body as { CheckoutRequestID: string };
      await push({ Password: password("20250131235958") }, bearer, logged);
      await callbacksFor(CheckoutRequestID, 1);
      await sleep(20);
      const log = lines.join("\n");
      expect(log).toContain(`callback ${CheckoutRequestID} → http://127.0.0.1:`);
      for (const secret of [consumerSecret, bearer, password("20250131235959"), password("20250131235958"), "s3cret"]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe("test controls", () => {
  it("takes every Daraja endpoint down and back up, in process or over HTTP", async () => {
    const bearer = await token();
    simulator.setDown(true);
    expect((await requestToken()).status).toBe(503);
    expect((await push({}, bearer)).status).toBe(503);
    await control("POST", "/down", { down: false });
    expect((await push({}, bearer)).status).toBe(200);
    await control("POST", "/down", { down: true });
    expect((await query("ws_CO_1", bearer)).status).toBe(503);
  });

  it("lists pushes over HTTP without the password or the token", async () => {
    const bearer = await token();
    await push({ AccountReference: "ORD-42" }, bearer);
    await push({ AccountReference: "ORD-43" }, bearer);
    const response = await control("GET", "/pushes?accountReference=ORD-42");
    const text = JSON.stringify(response);
    expect(response).toMatchObject({
      pushes: [{ AccountReference: "ORD-42", callbackUrl, CheckoutRequestID: expect.any(String) }],
    });
    expect(text).not.toContain(bearer);
    expect(text).not.toContain(password("20250131235959"));
  });

  it("resets pushes, the token and pending callbacks", async () => {
    const bearer = await token();
    await push({}, bearer);
    await control("POST", "/reset");
    expect(simulator.pushes()).toEqual([]);
    expect(await push({}, bearer)).toEqual(invalidAccessToken);
    await sleep(callbackDelayMs * 2);
    expect(received).toEqual([]);
  });

  it("records requests without their headers or bodies", async () => {
    await push({}, await token());
    expect(simulator.requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      "GET /oauth/v1/generate 200",
      "POST /mpesa/stkpush/v1/processrequest 200",
    ]);
  });
});

const invalidAccessToken = { status: 404, body: darajaError("404.001.03", "Invalid Access Token") };

function darajaError(errorCode: string, errorMessage: string) {
  return { requestId: expect.any(String), errorCode, errorMessage };
}

function basic(key: string, secret: string) {
  return `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;
}

function password(timestamp: string, code = shortcode) {
  return Buffer.from(code + passkey + timestamp).toString("base64");
}

function credentials(timestamp: string) {
  return { BusinessShortCode: shortcode, Password: password(timestamp), Timestamp: timestamp };
}

function requestToken(authorization = basic(consumerKey, consumerSecret), grantType = "client_credentials", target = simulator) {
  return fetch(`${target.url}/oauth/v1/generate?grant_type=${grantType}`, { headers: { authorization } });
}

async function token(target = simulator): Promise<string> {
  const response = await requestToken(undefined, undefined, target);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function daraja(path: string, bearer: string, body: unknown, target = simulator) {
  const response = await fetch(target.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bearer && { authorization: `Bearer ${bearer}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** An STK Push paying the shop's paybill, with `overrides` on top. */
async function push(overrides: Record<string, unknown>, bearer?: string, target: DarajaSimulator = simulator) {
  const body = {
    ...credentials("20250131235959"),
    TransactionType: "CustomerPayBillOnline",
    Amount: 1,
    PartyA: "254712345670",
    PartyB: shortcode,
    PhoneNumber: "254712345670",
    CallBackURL: callbackUrl,
    AccountReference: "ORD-1001",
    TransactionDesc: "Order 1001",
    ...overrides,
  };
  return daraja("/mpesa/stkpush/v1/processrequest", bearer ?? (await token(target)), body, target);
}

async function acceptedPush(lastDigit: LastDigit, overrides: Record<string, unknown> = {}) {
  const phone = `25471234567${lastDigit}`;
  const response = await push({ PartyA: phone, PhoneNumber: phone, ...overrides });
  expect(response.status).toBe(200);
  return response.body as { CheckoutRequestID: string; MerchantRequestID: string };
}

async function query(checkoutRequestId: string, bearer?: string, target: DarajaSimulator = simulator) {
  const body = { ...credentials("20250131235959"), CheckoutRequestID: checkoutRequestId };
  return daraja("/mpesa/stkpushquery/v1/query", bearer ?? (await token(target)), body, target);
}

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${simulator.url}/__simulator${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function callbacksFor(checkoutRequestId: string, count: number): Promise<Callback[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mine = received.filter((callback) => callback.Body.stkCallback.CheckoutRequestID === checkoutRequestId);
    if (mine.length >= count || Date.now() > deadline) return mine;
    await sleep(10);
  }
}

describe("C2B (Paybill and Till)", () => {
  const receiverUrl = () => new URL(callbackUrl).origin;
  const register = async (validation = "/c2b/validate/s3cret", target = simulator) =>
    daraja(
      "/mpesa/c2b/v2/registerurl",
      await token(target),
      {
        ShortCode: shortcode,
        ResponseType: "Completed",
        ConfirmationURL: `${receiverUrl()}/c2b/confirm/s3cret`,
        ValidationURL: `${receiverUrl()}${validation}`,
      },
      target,
    );
  const confirmations = async (transId: string, count: number) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mine = notices.filter(({ path, notice }) => path.includes("/confirm/") && notice.TransID === transId);
      if (mine.length >= count || Date.now() > deadline) return mine.map(({ notice }) => notice);
      await sleep(10);
    }
  };

  it("refuses URLs that name M-Pesa or Safaricom, in any case, and registers others", async () => {
    for (const validation of ["/MPesa/validate", "/m-pesa/x", "/SAFARICOM"]) {
      expect((await register(validation)).status).toBe(400);
    }
    expect(await register()).toEqual({ status: 200, body: expect.objectContaining({ ResponseCode: "0" }) });
  });

  it("refuses a payment before any registration", async () => {
    const response = await fetch(`${simulator.url}/__simulator/c2b/pay`, {
      method: "POST",
      body: JSON.stringify({ kind: "paybill", amount: 10, phone: "254712345678", account: "KT-7F3K9QM" }),
    });
    expect(response.status).toBe(409);
  });

  it("confirms a Paybill payment with its account and a masked number, twice when asked, byte for byte", async () => {
    await register();
    const paid = { kind: "paybill", amount: 1500, phone: "254712345678", account: "kt-7f3k9qm", confirmations: 2 };
    const { TransID } = (await control("POST", "/c2b/pay", paid)) as { TransID: string };
    const [first, second] = await confirmations(TransID, 2);
    expect(first).toMatchObject({
      TransactionType: "Pay Bill",
      TransAmount: "1500.00",
      BillRefNumber: "kt-7f3k9qm",
      MSISDN: "2547 ***** 678",
    });
    expect(second).toEqual(first);
  });

  it("sends a Till payment with no account, late, or never", async () => {
    await register();
    const late = (await control("POST", "/c2b/pay", { kind: "till", amount: 20, phone: "254712345678", delayMs: 200 })) as {
      TransID: string;
    };
    expect(await confirmations(late.TransID, 0)).toEqual([]);
    expect(await confirmations(late.TransID, 1)).toMatchObject([{ TransactionType: "Buy Goods", BillRefNumber: "" }]);
    const never = (await control("POST", "/c2b/pay", { kind: "till", amount: 20, phone: "254712345678", confirmations: 0 })) as {
      TransID: string;
    };
    await sleep(100);
    expect(await confirmations(never.TransID, 0)).toEqual([]);
  });

  it("sends a confirmation the shop did not answer with 2xx again, until it does", async () => {
    const retrying = await startDarajaSimulator({ confirmationRetryMs: 20 });
    try {
      await daraja(
        "/mpesa/c2b/v2/registerurl",
        await token(retrying),
        {
          ShortCode: shortcode,
          ResponseType: "Completed",
          ConfirmationURL: `${receiverUrl()}/c2b/flaky/s3cret`,
          ValidationURL: `${receiverUrl()}/c2b/validate/s3cret`,
        },
        retrying,
      );
      const response = await fetch(`${retrying.url}/__simulator/c2b/pay`, {
        method: "POST",
        body: JSON.stringify({ kind: "paybill", amount: 10, phone: "254712345678", account: "KT-7F3K9QM" }),
      });
      const { TransID } = (await response.json()) as { TransID: string };
      const copies = () => notices.filter(({ notice }) => notice.TransID === TransID).length;
      const deadline = Date.now() + 5_000;
      while (copies() < 2 && Date.now() < deadline) await sleep(10);
      await sleep(200);
      // The first copy failed; the second was answered, so no third follows.
      expect(copies()).toBe(2);
    } finally {
      await retrying.close();
    }
  });

  it("answers the Transaction Status API at the ResultURL from the payments it knows, and an unknown code as not found", async () => {
    await register();
    const { TransID } = (await control("POST", "/c2b/pay", { kind: "till", amount: 700, phone: "254712345678" })) as {
      TransID: string;
    };
    const ask = async (transactionId: string, overrides: Record<string, unknown> = {}) =>
      daraja("/mpesa/transactionstatus/v1/query", await token(), {
        Initiator: defaultSimulatorOptions.initiatorName,
        SecurityCredential: defaultSimulatorOptions.securityCredential,
        CommandID: "TransactionStatusQuery",
        TransactionID: transactionId,
        PartyA: shortcode,
        IdentifierType: "4",
        ResultURL: `${receiverUrl()}/status/s3cret/1`,
        QueueTimeOutURL: `${receiverUrl()}/status/s3cret/1`,
        Remarks: "Payment check",
        Occasion: transactionId,
        ...overrides,
      });
    expect(await ask(TransID)).toEqual({ status: 200, body: expect.objectContaining({ ResponseCode: "0" }) });
    expect((await ask(TransID, { CommandID: "Other" })).status).toBe(400);
    await ask("UNKNOWN123");
    await ask(TransID, { SecurityCredential: "wrong" });
    const deadline = Date.now() + 5_000;
    while (statusResults.length < 3 && Date.now() < deadline) await sleep(10);
    // Delivered concurrently: told apart by their codes.
    const result = (code: number | string) => statusResults.find(({ Result }) => Result.ResultCode === code)!.Result;
    const [known, unknown, wrongCredential] = [result(0), result("R000001"), result(2001)];
    expect(known.ResultCode).toBe(0);
    expect(known.ResultParameters).toEqual({
      ResultParameter: expect.arrayContaining([
        { Key: "ReceiptNo", Value: TransID },
        { Key: "Amount", Value: "700.00" },
        { Key: "TransactionStatus", Value: "Completed" },
        { Key: "DebitPartyName", Value: "254712345678 - Wanjiku" },
        { Key: "CreditPartyName", Value: `${till} - Simulated Shop` },
        { Key: "ReasonType", Value: "Pay Merchant" },
      ]),
    });
    expect(unknown).toMatchObject({ ResultCode: "R000001" });
    expect(unknown.ResultParameters).toBeUndefined();
    expect(wrongCredential).toMatchObject({ ResultCode: 2001 });
  });

  it("asks the validation URL first when validation is on, and cancels what it refuses", async () => {
    const validating = await startDarajaSimulator({ c2bValidation: true });
    try {
      const pay = async () => {
        const response = await fetch(`${validating.url}/__simulator/c2b/pay`, {
          method: "POST",
          body: JSON.stringify({ kind: "paybill", amount: 10, phone: "254712345678", account: "KT-7F3K9QM" }),
        });
        return (await response.json()) as { TransID: string; status: string };
      };
      await register("/c2b/validate/s3cret", validating);
      const accepted = await pay();
      expect(accepted.status).toBe("completed");
      expect(await confirmations(accepted.TransID, 1)).toHaveLength(1);
      await register("/c2b/refuse/s3cret", validating);
      const refused = await pay();
      expect(refused.status).toBe("cancelled");
      expect(notices.filter(({ notice }) => notice.TransID === refused.TransID).map(({ path }) => path)).toEqual([
        "/c2b/refuse/s3cret",
      ]);
    } finally {
      await validating.close();
    }
  });
});

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
