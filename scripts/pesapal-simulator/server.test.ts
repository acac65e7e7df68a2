import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPesapalSimulator } from "./server";

// The simulator keeps Pesapal's published contract: a bearer token for every call, the order request's
// limits, status codes 0 to 3, one refund per payment (mobile money in full), and IPNs sent until acknowledged.

let simulator: Awaited<ReturnType<typeof startPesapalSimulator>>;
const ipns: Record<string, unknown>[] = [];
let acknowledge = false;
const shop = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const ids = JSON.parse(body) as Record<string, string>;
    ipns.push(ids);
    response.writeHead(200, { "content-type": "application/json" });
    const answer = { orderNotificationType: ids.OrderNotificationType, orderTrackingId: ids.OrderTrackingId, status: 200 };
    response.end(JSON.stringify(acknowledge ? answer : { status: 500 }));
  });
});
let shopUrl = "";

beforeAll(async () => {
  simulator = await startPesapalSimulator({ mobilePendingMs: 200, refundApprovalMs: 100, ipnRetryMs: 50, ipnRetries: 20 });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await simulator.close();
  shop.close();
});

async function call(path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${simulator.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function order(token: string, ipnId: string, id: string) {
  const submitted = await call("/api/Transactions/SubmitOrderRequest", token, {
    id,
    currency: "KES",
    amount: 1500,
    description: "Kijani Threads order",
    callback_url: `${shopUrl}/back`,
    notification_id: ipnId,
    billing_address: { email_address: "a@example.com" },
  });
  return submitted.body as { order_tracking_id: string; redirect_url: string };
}

const pay = (redirectUrl: string, choice: string) =>
  fetch(redirectUrl, { method: "POST", body: new URLSearchParams({ choice }), redirect: "manual" });

describe("the Pesapal simulator", () => {
  it("takes orders and answers their status as Pesapal API 3.0 does, and refunds once", async () => {
    expect((await call("/api/Auth/RequestToken", null, { consumer_key: "x", consumer_secret: "y" })).body.status).toBe("500");
    const { token } = (
      await call("/api/Auth/RequestToken", null, { consumer_key: "simulator-key", consumer_secret: "simulator-secret" })
    ).body as { token: string };
    expect((await call("/api/URLSetup/GetIpnList", null)).status).toBe(401);
    const { ipn_id: ipnId } = (
      await call("/api/URLSetup/RegisterIPN", token, { url: `${shopUrl}/ipn`, ipn_notification_type: "POST" })
    ).body as { ipn_id: string };

    const tooLong = await call("/api/Transactions/SubmitOrderRequest", token, { id: "x".repeat(51) });
    expect(tooLong.body.status).toBe("500");

    const card = await order(token, ipnId, "KT-TEST001-1");
    const status = async (trackingId: string) =>
      (await call(`/api/Transactions/GetTransactionStatus?orderTrackingId=${trackingId}`, token)).body;
    expect(await status(card.order_tracking_id)).toMatchObject({ status_code: 0, payment_status_description: "INVALID" });
    const back = await pay(card.redirect_url, "card");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toContain(`OrderTrackingId=${card.order_tracking_id}`);
    const paid = await status(card.order_tracking_id);
    expect(paid).toMatchObject({ status_code: 1, payment_method: "Visa", amount: 1500 });

    // A card in part, once.
    const refund = (amount: number) =>
      call("/api/Transactions/RefundRequest", token, {
        confirmation_code: paid.confirmation_code,
        amount,
        username: "staff",
        remarks: "Returned",
      });
    expect((await refund(500)).body.status).toBe("200");
    expect((await refund(500)).body.status).toBe("500");
    await expect.poll(async () => (await status(card.order_tracking_id)).status_code).toBe(3);

    // Mobile money: pending a while, then completed; refunded in full only.
    const mobile = await order(token, ipnId, "KT-TEST002-2");
    await pay(mobile.redirect_url, "mobile");
    expect(await status(mobile.order_tracking_id)).toMatchObject({ status_code: 0, payment_status_description: "PENDING" });
    await expect.poll(async () => (await status(mobile.order_tracking_id)).status_code).toBe(1);
    const mobileCode = (await status(mobile.order_tracking_id)).confirmation_code;
    const part = await call("/api/Transactions/RefundRequest", token, {
      confirmation_code: mobileCode,
      amount: 100,
      username: "s",
      remarks: "r",
    });
    expect(part.body.status).toBe("500");

    const declined = await order(token, ipnId, "KT-TEST003-3");
    await pay(declined.redirect_url, "decline");
    expect(await status(declined.order_tracking_id)).toMatchObject({ status_code: 2, payment_status_description: "FAILED" });
  });

  it("sends an IPN again until the shop acknowledges it", async () => {
    const { token } = (
      await call("/api/Auth/RequestToken", null, { consumer_key: "simulator-key", consumer_secret: "simulator-secret" })
    ).body as { token: string };
    const { ipn_id: ipnId } = (
      await call("/api/URLSetup/RegisterIPN", token, { url: `${shopUrl}/ipn`, ipn_notification_type: "POST" })
    ).body as { ipn_id: string };
    const placed = await order(token, ipnId, "KT-TEST004-4");
    acknowledge = false;
    await pay(placed.redirect_url, "card");
    // Only this payment's notifications: the first test's may still be coming.
    const mine = () => ipns.filter((ids) => ids.OrderTrackingId === placed.order_tracking_id);
    await expect.poll(() => mine().length).toBeGreaterThanOrEqual(3);
    acknowledge = true;
    const sent = mine().length;
    await expect.poll(() => mine().length).toBeGreaterThan(sent);
    const settled = mine().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mine().length).toBe(settled);
    expect(mine()[0]).toEqual({
      OrderTrackingId: placed.order_tracking_id,
      OrderMerchantReference: "KT-TEST004-4",
      OrderNotificationType: "IPNCHANGE",
    });
  });
});
