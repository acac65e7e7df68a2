import { randomUUID } from "node:crypto";
import type { PesapalConfig } from "@/lib/payments/pesapal/config";

/** Pesapal's settings as the tests use them: an IPN id registered already, a Pesapal never called unless faked. */
export const testPesapalConfig = (apiUrl = `http://pesapal-${randomUUID()}.test`): PesapalConfig => ({
  apiUrl,
  consumerKey: "key",
  consumerSecret: "secret",
  ipnId: "ipn-registered",
  callbackUrl: "http://127.0.0.1:3000/api/payments/pesapal/callback",
  ipnUrl: "http://127.0.0.1:3000/api/payments/pesapal/ipn",
  timers: {
    firstCheckMs: 30_000,
    checkEveryMs: 25_000,
    giveUpMs: 10 * 60_000,
    windowMs: 30 * 60_000,
    promptHoldMs: 3 * 60_000,
    failedHoldMs: 5 * 60_000,
  },
});

/** What a faked GetTransactionStatus answers. */
export type FakeStatus = { status_code: number; amount?: number; confirmation_code?: string; payment_method?: string };

/**
 * A Pesapal that answers as its contract says, with `status()` for every status query; `calls`
 * lists the paths asked, in order.
 */
export function fakePesapal(
  status: () => FakeStatus,
  refund: { status: string; message: string } = { status: "200", message: "Refund request successfully" },
) {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    if (url.pathname.endsWith("/api/Auth/RequestToken"))
      return Response.json({ token: randomUUID(), expiryDate: new Date(Date.now() + 5 * 60_000).toISOString(), status: "200" });
    if (url.pathname.endsWith("/api/URLSetup/RegisterIPN")) return Response.json({ ipn_id: randomUUID(), status: "200" });
    if (url.pathname.endsWith("/api/Transactions/SubmitOrderRequest"))
      return Response.json({ order_tracking_id: randomUUID(), redirect_url: "https://pay.pesapal.test/iframe", status: "200" });
    if (url.pathname.endsWith("/api/Transactions/GetTransactionStatus")) return Response.json({ ...status(), status: "200" });
    if (url.pathname.endsWith("/api/Transactions/RefundRequest")) return Response.json(refund);
    return new Response("Not Found", { status: 404 });
  };
  return { fetchImpl, calls };
}
