import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shopper } from "@/lib/auth/actor";
import type { Database } from "@/lib/db";
import { analyticsConsents, authThrottle, orderAnalytics, outbox } from "@/lib/db/schema";
import { parseEnv } from "@/lib/env";
import { paymentReceived } from "@/lib/orders/events";
import { PermanentFailure, type OutboxMessage } from "@/lib/outbox/outbox";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import { addToCart } from "@/lib/cart/lines";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder, type PlaceOrderInput } from "@/lib/orders/place-order";
import { gaConfig, metaConfig, browserTags } from "./config";
import { CONSENTS_PER_ADDRESS_PER_HOUR, gaClientId, parseConsentPost, recordConsent } from "./consent";
import { consentCookieValue, readConsentCookie } from "./consent-rules";
import { hashedUserData, normaliseEmail, normalisePhone, sha256 } from "./hashing";
import { analyticsSender, gaPurchaseBody, metaPurchaseBody, type PurchasedOrder } from "./purchase";

// A stand-in of both APIs: it records what it is sent and answers `status`.
const received: { url: string; body: unknown }[] = [];
let status = 200;
const standIn = createServer(async (request: IncomingMessage, response) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  received.push({ url: request.url!, body: JSON.parse(body) });
  response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
});
await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => standIn.close(resolve)));

vi.stubEnv("GA_MEASUREMENT_ID", "G-TEST1234");
vi.stubEnv("GA_API_SECRET", "ga-secret");
vi.stubEnv("GA_MP_URL", `${standInUrl}/mp/collect`);
vi.stubEnv("META_PIXEL_ID", "1234567890");
vi.stubEnv("META_CAPI_TOKEN", "meta-token");
vi.stubEnv("META_GRAPH_URL", `${standInUrl}/v23.0`);

let db: Database;
withTestDb((opened) => (db = opened));

const order: PurchasedOrder = {
  id: 1,
  number: "KT-ABC123",
  total: 2_700,
  email: " Achieng@Example.COM ",
  phone: "+254712345678",
  items: [{ item_id: "kitenge-tee", item_name: "Kitenge Tee", price: 1_250, quantity: 2 }],
};

describe("normalising and hashing (Meta's customer information parameters)", () => {
  it("trims and lower-cases e-mail addresses, and writes phones as digits with Kenya's 254", () => {
    expect(normaliseEmail("  Achieng@Example.COM ")).toBe("achieng@example.com");
    for (const phone of ["+254 712 345 678", "0712 345 678", "00254712345678", "712345678", "(+254) 712-345-678"])
      expect(normalisePhone(phone), phone).toBe("254712345678");
    expect(normalisePhone("0112345678")).toBe("254112345678");
  });

  it("hashes with SHA-256 in lower-case hex, never sending the details in the clear", () => {
    // Meta's published example: Person@Example.com → person@example.com.
    expect(sha256("person@example.com")).toBe("542d240129883c019e106e3b1b2d3f3cb3537c43c425364de8e951d5a3083345");
    const userData = hashedUserData({ email: order.email, phone: "0712 345 678" });
    expect(userData).toEqual({ em: [sha256("achieng@example.com")], ph: [sha256("254712345678")] });
    expect(JSON.stringify(userData)).not.toMatch(/achieng|712345678/i);
    expect(hashedUserData({ email: null, phone: "" })).toEqual({});
  });
});

describe("the purchase events", () => {
  it("GA4's Measurement Protocol: purchase with the order number as transaction_id, KES and the total, under the client id", () => {
    expect(gaPurchaseBody(order, "123.456")).toEqual({
      client_id: "123.456",
      events: [
        {
          name: "purchase",
          params: {
            transaction_id: "KT-ABC123",
            event_id: "purchase-KT-ABC123",
            currency: "KES",
            value: 2_700,
            items: order.items,
          },
        },
      ],
    });
  });

  it("Meta's Conversions API: Purchase from the website with the shared event id, hashed contact and the order", () => {
    const at = new Date("2026-11-28T10:00:00Z");
    expect(metaPurchaseBody(order, at)).toEqual({
      data: [
        {
          event_name: "Purchase",
          event_time: at.getTime() / 1000,
          event_id: "purchase-KT-ABC123",
          action_source: "website",
          user_data: { em: [sha256("achieng@example.com")], ph: [sha256("254712345678")] },
          custom_data: { currency: "KES", value: 2_700, order_id: "KT-ABC123" },
        },
      ],
    });
  });

  it("posts each report to its API with the secret from the settings; a 4xx refusal is permanent, a 5xx retried", async () => {
    received.length = 0;
    const message = (payload: unknown): OutboxMessage => ({ id: 1, kind: "analytics", key: "k", payload, attempts: 1 });
    const send = analyticsSender();
    await expect(send(message({ tool: "ga", body: gaPurchaseBody(order, "1.2") }))).resolves.toBe("sent");
    await expect(send(message({ tool: "meta", body: metaPurchaseBody(order, new Date()) }))).resolves.toBe("sent");
    expect(received.map((request) => request.url)).toEqual([
      "/mp/collect?measurement_id=G-TEST1234&api_secret=ga-secret",
      "/v23.0/1234567890/events?access_token=meta-token",
    ]);
    status = 400;
    await expect(send(message({ tool: "ga", body: {} }))).rejects.toBeInstanceOf(PermanentFailure);
    status = 503;
    const retried = send(message({ tool: "ga", body: {} }));
    await expect(retried).rejects.toThrow("ga answered 503");
    await expect(retried).rejects.not.toBeInstanceOf(PermanentFailure);
    status = 200;
  });

  it("offers each tool only when both its settings are set", () => {
    expect(browserTags(parseEnv({}))).toBeNull();
    const gaOnly = parseEnv({ GA_MEASUREMENT_ID: "G-ABC1234", GA_API_SECRET: "s" });
    expect(browserTags(gaOnly)).toEqual({ ga: "G-ABC1234", pixel: null });
    expect(metaConfig(gaOnly)).toBeNull();
    expect(gaConfig(gaOnly)?.url).toBe("https://www.google-analytics.com/mp/collect");
    expect(() => parseEnv({ META_PIXEL_ID: "123456" })).toThrow("the Meta Pixel is partly set up; missing: META_CAPI_TOKEN");
    expect(() => parseEnv({ GA_MEASUREMENT_ID: "UA-1" })).toThrow("GA_MEASUREMENT_ID");
  });
});

describe("the consent cookie and its posts", () => {
  it("reads only the values the banner writes", () => {
    const id = "0b6f8f4e-3c1a-4b7e-9a51-2f0c3d4e5f60";
    expect(readConsentCookie(consentCookieValue(true, id))).toEqual({ accepted: true, id });
    expect(readConsentCookie(consentCookieValue(false, null))).toEqual({ accepted: false, id: null });
    for (const value of [undefined, "", "yes", "a.not-an-id", `x.${id}`]) expect(readConsentCookie(value), value).toBeNull();
  });

  it("takes a choice and nothing else from a post", () => {
    expect(parseConsentPost('{"choice":"accepted"}')).toBe("accepted");
    expect(parseConsentPost('{"choice":"rejected","id":"mine"}')).toBe("rejected");
    for (const body of ["", "{", '{"choice":"maybe"}', '"accepted"', "null"]) expect(parseConsentPost(body), body).toBeNull();
  });

  it("GA4's client id comes from the _ga cookie, else a fresh one of its form", () => {
    expect(gaClientId("GA1.1.123456789.1700000000")).toBe("123456789.1700000000");
    expect(gaClientId(undefined)).toMatch(/^\d+\.\d+$/);
    expect(gaClientId("GA1.1.<script>")).toMatch(/^\d+\.\d+$/);
  });
});

describe(`consent records and purchases reported (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  beforeAll(() => db.delete(authThrottle).where(like(authThrottle.key, "analytics-consent:%")));

  it("stores each answer with a random id, its time and the wording's version; a client address only so many an hour", async () => {
    const first = await recordConsent(db, "accepted", "198.51.100.7");
    expect(first.ok && first.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await db
      .select()
      .from(analyticsConsents)
      .where(eq(analyticsConsents.id, first.ok ? first.id : ""));
    expect(row).toMatchObject({ choice: "accepted", wordingVersion: 1, createdAt: expect.any(Date) });
    for (let count = 1; count < CONSENTS_PER_ADDRESS_PER_HOUR; count++) await recordConsent(db, "rejected", "198.51.100.7");
    expect(await recordConsent(db, "accepted", "198.51.100.7")).toEqual({ ok: false, reason: "throttled" });
    expect((await recordConsent(db, "accepted", "198.51.100.8")).ok).toBe(true);
  });

  it("reports a pay-on-delivery order when placed, once, to both tools; refused, unanswered or forged consent: to neither", async () => {
    const accepted = await consentCookie("accepted");
    const reported = await placeWith({ consentCookie: accepted, gaCookie: "GA1.1.42.1700000000" });
    expect(await reportsOf(reported.number)).toEqual([
      { key: `ga-purchase:${reported.number}`, client: "42.1700000000" },
      { key: `meta-purchase:${reported.number}`, client: undefined },
    ]);
    // Paid later (the rider's M-Pesa, say): still once.
    await paymentReceived(db, {
      order: { ...reported, userId: null },
      amount: reported.total,
      receipt: null,
      refundDue: false,
      actor: shopper,
    });
    expect(await reportsOf(reported.number)).toHaveLength(2);

    const rejected = await placeWith({ consentCookie: await consentCookie("rejected"), gaCookie: undefined });
    const unanswered = await placeWith({ consentCookie: undefined, gaCookie: "GA1.1.42.1700000000" });
    const forged = await placeWith({ consentCookie: consentCookieValue(true, crypto.randomUUID()), gaCookie: undefined });
    const noRecord = await placeWith({ consentCookie: consentCookieValue(true, null), gaCookie: undefined });
    for (const silent of [rejected, unanswered, forged, noRecord]) expect(await reportsOf(silent.number)).toEqual([]);
    expect(await db.select().from(orderAnalytics).where(eq(orderAnalytics.orderId, forged.id))).toEqual([]);
  });

  it("reports an M-Pesa order only once it is paid, with a generated client id when there was no _ga cookie", async () => {
    const order = await placeWith(
      { consentCookie: await consentCookie("accepted"), gaCookie: undefined },
      { method: "mpesa", phone: "+254712345678" },
    );
    expect(await reportsOf(order.number)).toEqual([]);
    await paymentReceived(db, {
      order: { ...order, userId: null },
      amount: order.total,
      receipt: "QK1",
      refundDue: false,
      actor: shopper,
    });
    const reports = await reportsOf(order.number);
    expect(reports.map((report) => report.key)).toEqual([`ga-purchase:${order.number}`, `meta-purchase:${order.number}`]);
    expect(reports[0].client).toMatch(/^\d+\.\d+$/);
    const [meta] = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.key, `meta-purchase:${order.number}`));
    expect(JSON.stringify(meta.payload)).not.toContain(testDelivery.email);
  });
});

async function consentCookie(choice: "accepted" | "rejected"): Promise<string> {
  const recorded = await recordConsent(db, choice, null);
  if (!recorded.ok) throw new Error("throttled");
  return consentCookieValue(choice === "accepted", recorded.id);
}

async function placeWith(analytics: PlaceOrderInput["analytics"], payment?: PlaceOrderInput["payment"]) {
  const buyer = guest();
  const { variantIds } = await createProduct(db, [{ stock: 5 }]);
  await addToCart(db, buyer, { variantId: variantIds[0], quantity: 1 });
  const result = await placeOrder(db, {
    cartOwner: buyer,
    delivery: testDelivery,
    idempotencyKey: newIdempotencyKey(),
    analytics,
    payment,
  });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.order;
}

/** The analytics messages queued for an order: their keys and GA4's client id. */
async function reportsOf(number: string) {
  const rows = await db
    .select({ key: outbox.key, payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.key, `%-purchase:${number}`))
    .orderBy(outbox.key);
  return rows.map((row) => ({ key: row.key, client: (row.payload as { body: { client_id?: string } }).body.client_id }));
}
