import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "@/lib/cart/lines";
import type { Database } from "@/lib/db";
import { campaigns, campaignVisits, orders } from "@/lib/db/schema";
import { newIdempotencyKey } from "@/lib/orders/order-number";
import { placeOrder } from "@/lib/orders/place-order";
import { withTestDb } from "@/lib/testing/db";
import { createProduct, guest, testDelivery } from "@/lib/testing/fixtures";
import { insertOrders } from "@/lib/testing/orders";
import { nairobiDay } from "@/lib/time/nairobi";
import {
  attributedCampaignCode,
  attributionWindowMs,
  campaignCookieValue,
  isBot,
  uncountedVisit,
  visitorOf,
} from "./attribution";
import { parseCampaignForm } from "./campaign-rules";
import {
  campaignReport,
  createCampaign,
  findCampaignLink,
  recordCampaignVisit,
  recordLandedVisit,
  setCampaignEnabled,
} from "./campaigns";
import { campaignCodeLength, isCampaignCode, newCampaignCode } from "./codes";

let db: Database;
withTestDb((opened) => (db = opened));

const actor = { id: null, label: "test" };

const countedVisits = (campaignId: number) => db.$count(campaignVisits, eq(campaignVisits.campaignId, campaignId));

async function newCampaign(name = "whatsapp-december") {
  const result = await createCampaign(db, { name, source: "whatsapp", target: { kind: "category", category: "hoodies" } }, actor);
  if (!result.ok) throw new Error("not created");
  return result.campaign;
}

describe("campaign targets", () => {
  it("lead only to a stored category", async () => {
    const target = { kind: "category", category: "shoes" } as const;
    expect(await createCampaign(db, { name: "shoes", source: "x", target }, actor)).toEqual({
      ok: false,
      errors: { category: "Choose a category." },
    });
  });
});

describe("campaign codes", () => {
  it("are short, random and unique: no two of 10,000 alike, and consecutive ones share no prefix pattern", () => {
    const codes = Array.from({ length: 10_000 }, newCampaignCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => code.length === campaignCodeLength && isCampaignCode(code))).toBe(true);
    const samePrefix = codes.slice(1).filter((code, index) => code.slice(0, 4) === codes[index].slice(0, 4));
    expect(samePrefix.length).toBeLessThan(3);
  });

  it("refuses anything that is not a code before reading the database", () => {
    for (const value of ["", "abc", "abcdefgh1", "abcdefg0", "../admin", null, 12345678])
      expect(isCampaignCode(value)).toBe(false);
  });
});

describe("attribution window", () => {
  const visit = new Date("2026-12-01T10:00:00Z");
  const key = "campaign-tests-only-key";
  const holder = "AAAAAAAAAAAAAAAA";
  const value = campaignCookieValue("abcdefgh", visit, holder, key);

  it("attributes an order up to 7 days after the visit, and not a millisecond later", () => {
    expect(attributedCampaignCode(value, visit, key)).toBe("abcdefgh");
    expect(attributedCampaignCode(value, new Date(visit.getTime() + attributionWindowMs), key)).toBe("abcdefgh");
    expect(attributedCampaignCode(value, new Date(visit.getTime() + attributionWindowMs + 1), key)).toBeNull();
  });

  it("ignores a missing, malformed or future cookie", () => {
    for (const bad of [undefined, "", "abcdefgh", "abcdefgh.x", "abc.1", `${value}.1`, "abcdefg0.1"])
      expect(attributedCampaignCode(bad, visit, key)).toBeNull();
    expect(attributedCampaignCode(value, new Date(visit.getTime() - 1), key)).toBeNull();
  });

  it("ignores a cookie not signed with the shop's key: unsigned, forged for another code or time, or another key's", () => {
    const [, time, , signature] = value.split(".");
    for (const forged of [
      `abcdefgh.${time}.${holder}`,
      `zyxwvuts.${time}.${holder}.${signature}`,
      `abcdefgh.${Number(time) + 1}.${holder}.${signature}`,
      `abcdefgh.${time}.BBBBBBBBBBBBBBBB.${signature}`,
    ]) {
      expect(attributedCampaignCode(forged, visit, key)).toBeNull();
    }
    expect(attributedCampaignCode(campaignCookieValue("abcdefgh", visit, holder, "another-key"), visit, key)).toBeNull();
  });

  it("names a cookie's holder by the id it carries, and each newcomer by a fresh id of its own", () => {
    expect(visitorOf(value, key)).toBe(holder);
    for (const cookie of [undefined, campaignCookieValue("abcdefgh", visit, holder, "another-key")]) {
      const newcomer = visitorOf(cookie, key);
      expect(newcomer).toMatch(/^[\w-]{16}$/);
      expect(newcomer).not.toBe(holder);
      expect(newcomer).not.toBe(visitorOf(cookie, key));
    }
  });

  it("still attributes a cookie signed before it carried a holder, which names no holder", () => {
    const earlier = `abcdefgh.${visit.getTime()}`;
    const signed = `${earlier}.${createHmac("sha256", key).update(earlier).digest("base64url")}`;
    expect(attributedCampaignCode(signed, visit, key)).toBe("abcdefgh");
    expect(visitorOf(signed, key)).not.toBe(visitorOf(signed, key));
  });

  it("marks the link's visit uncounted, signed, until the browser brings it back; the counted cookie and any other carry none", () => {
    const uncounted = campaignCookieValue("abcdefgh", visit, holder, key, false);
    expect(uncountedVisit(uncounted, key)).toEqual({ code: "abcdefgh", visitedAt: visit, holder });
    expect(attributedCampaignCode(uncounted, visit, key)).toBe("abcdefgh");
    expect(visitorOf(uncounted, key)).toBe(holder);
    const [, time, , , signature] = uncounted.split(".");
    for (const other of [
      value,
      undefined,
      `abcdefgh.${time}.${holder}.new`,
      `abcdefgh.${time}.${holder}.old.${signature}`,
      `${value.split(".").slice(0, 3).join(".")}.new.${value.split(".")[3]}`,
      campaignCookieValue("abcdefgh", visit, holder, "another-key", false),
    ]) {
      expect(uncountedVisit(other, key)).toBeNull();
    }
  });

  it("tells bots from browsers by their user agent", () => {
    expect(isBot("WhatsApp/2.23.20.0 A")).toBe(true);
    expect(isBot("facebookexternalhit/1.1")).toBe(true);
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1)")).toBe(true);
    expect(isBot("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36")).toBe(false);
    expect(isBot(null)).toBe(false);
  });
});

describe("the campaign form", () => {
  it("accepts a valid campaign and refuses bad names, sources and targets", () => {
    const fields = { name: "whatsapp-december", source: "x", targetKind: "product", productId: "3", category: "" };
    expect(parseCampaignForm(fields)).toEqual({
      ok: true,
      input: { name: "whatsapp-december", source: "x", target: { kind: "product", productId: 3 } },
    });
    const bad = parseCampaignForm({
      name: "WhatsApp December",
      source: "tiktok",
      targetKind: "category",
      productId: "",
      category: "Shoes!",
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(["category", "name", "source"]);
  });
});

describe(`campaign links (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("lead to their target with UTM parameters while enabled, and nowhere once disabled", async () => {
    const campaign = await newCampaign();
    const link = await findCampaignLink(db, campaign.code);
    expect(link?.url).toBe("/categories/hoodies?utm_source=whatsapp&utm_medium=social&utm_campaign=whatsapp-december");
    expect(await findCampaignLink(db, newCampaignCode())).toBeNull();
    await setCampaignEnabled(db, campaign.id, false);
    expect(await findCampaignLink(db, campaign.code)).toBeNull();
  });

  it("counts 1,000 visits made in parallel, every one", async () => {
    const campaign = await newCampaign("load-test");
    await Promise.all(Array.from({ length: 1000 }, () => recordCampaignVisit(db, campaign.id)));
    const rows = await db
      .select({ id: campaignVisits.id })
      .from(campaignVisits)
      .where(eq(campaignVisits.campaignId, campaign.id));
    expect(rows).toHaveLength(1000);
  });

  it("counts one visit per cookie holder per campaign in a day; other holders, campaigns and days still count", async () => {
    const campaign = await newCampaign("daily-visitors");
    const other = await newCampaign("daily-others");
    const at = new Date();
    const visits = () => countedVisits(campaign.id);
    const counted = await Promise.all(Array.from({ length: 20 }, () => recordCampaignVisit(db, campaign.id, at, "a")));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await recordCampaignVisit(db, campaign.id, at, "b")).toBe(true);
    expect(await recordCampaignVisit(db, other.id, at, "a")).toBe(true);
    expect(await visits()).toBe(2);
    const nextDay = new Date(at.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(await recordCampaignVisit(db, campaign.id, nextDay, "a")).toBe(true);
    expect(await visits()).toBe(3);
  });

  it("counts 50 cookie holders behind one address, visiting at once and twice each, once each", async () => {
    const campaign = await newCampaign("carrier-address");
    const holders = Array.from({ length: 50 }, (_, index) => `shopper-${index}`);
    const at = new Date();
    await Promise.all([...holders, ...holders].map((visitor) => recordCampaignVisit(db, campaign.id, at, visitor)));
    expect(await countedVisits(campaign.id)).toBe(50);
  });

  it("counts 50 newcomers behind one address, who share no cookie, each once, and not again once they hold one", async () => {
    const campaign = await newCampaign("carrier-newcomers");
    const at = new Date();
    // What the link does for a browser without the cookie: a fresh holder id, which its new cookie then carries.
    const key = "campaign-tests-only-key";
    const newcomers = Array.from({ length: 50 }, () => visitorOf(undefined, key));
    const counted = await Promise.all(newcomers.map((visitor) => recordCampaignVisit(db, campaign.id, at, visitor)));
    expect(counted.every(Boolean)).toBe(true);
    const cookies = newcomers.map((visitor) => campaignCookieValue(campaign.code, at, visitor, key));
    const again = await Promise.all(cookies.map((cookie) => recordCampaignVisit(db, campaign.id, at, visitorOf(cookie, key))));
    expect(again.some(Boolean)).toBe(false);
    expect(await countedVisits(campaign.id)).toBe(50);
  });

  it("counts a visit brought back in its cookie once per holder and day, however often it is brought back", async () => {
    const campaign = await newCampaign("landed-visits");
    const key = "campaign-tests-only-key";
    const at = new Date();
    const cookies = Array.from({ length: 3 }, () =>
      campaignCookieValue(campaign.code, at, visitorOf(undefined, key), key, false),
    );
    const visits = cookies.map((cookie) => uncountedVisit(cookie, key)!);
    const counted = await Promise.all([...visits, ...visits].map((visit) => recordLandedVisit(db, visit)));
    expect(counted.filter(Boolean)).toHaveLength(3);
    expect(await recordLandedVisit(db, { ...visits[0], code: newCampaignCode() })).toBe(false);
    expect(await countedVisits(campaign.id)).toBe(3);
  });

  it.runIf(process.env.DATABASE_URL)(
    "counts a visit while another visit from the same address, and a change to the campaign, hold their rows",
    async () => {
      const campaign = await newCampaign("held-rows");
      const at = new Date();
      let release!: () => void;
      let lock!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const locked = new Promise<void>((resolve) => (lock = resolve));
      const holding = db.transaction(async (tx) => {
        await recordCampaignVisit(tx, campaign.id, at, "first");
        await tx.update(campaigns).set({ enabled: true }).where(eq(campaigns.id, campaign.id));
        lock();
        await held;
      });
      await locked;
      const answer = await Promise.race([
        recordCampaignVisit(db, campaign.id, at, "second"),
        new Promise((resolve) => setTimeout(() => resolve("waited"), 3000)),
      ]);
      release();
      await holding;
      expect(answer).toBe(true);
      expect(await countedVisits(campaign.id)).toBe(2);
    },
  );

  it("records the campaign on an order placed with it, in the order's transaction", async () => {
    const campaign = await newCampaign("instagram-sale");
    const owner = guest();
    const { variantIds } = await createProduct(db, [{ price: 1500, stock: 3 }]);
    await addToCart(db, owner, { variantId: variantIds[0], quantity: 1 });
    const result = await placeOrder(db, {
      cartOwner: owner,
      delivery: testDelivery,
      idempotencyKey: newIdempotencyKey(),
      campaignCode: campaign.code,
    });
    if (!result.ok) throw new Error(result.reason);
    const [order] = await db.select({ campaignId: orders.campaignId }).from(orders).where(eq(orders.id, result.order.id));
    expect(order.campaignId).toBe(campaign.id);
  });

  it("reports visits by visit date, orders by order date, and revenue by the day money moved, as the dashboard counts it", async () => {
    const campaign = await newCampaign("sms-report");
    const day = "2026-03-10";
    const { start } = nairobiDay(day);
    const inside = new Date(start.getTime() + 60_000);
    const before = new Date(start.getTime() - 60_000);
    await recordCampaignVisit(db, campaign.id, inside);
    await recordCampaignVisit(db, campaign.id, inside);
    await recordCampaignVisit(db, campaign.id, before);
    const delivered = (at: Date) => ({
      status: "delivered" as const,
      payments: [{ method: "pay_on_delivery" as const, status: "paid" as const, paidAt: at }],
    });
    const placed = await insertOrders(db, [
      { createdAt: inside, subtotal: 1000, deliveryFee: 200, ...delivered(inside) },
      { createdAt: inside, subtotal: 5000, deliveryFee: 200, status: "cancelled" },
      { createdAt: inside, subtotal: 3000, deliveryFee: 200, payments: [{ method: "mpesa", status: "pending" }] },
      { createdAt: before, subtotal: 9000, deliveryFee: 200, ...delivered(before) },
      // Paid the day before, refunded on the day: the refund subtracts on the day.
      {
        createdAt: before,
        subtotal: 2000,
        deliveryFee: 200,
        status: "cancelled",
        payments: [{ method: "mpesa", status: "paid" }],
        refunds: [{ reason: "cancelled", recordedAt: inside }],
      },
    ]);
    for (const { id } of placed) await db.update(orders).set({ campaignId: campaign.id }).where(eq(orders.id, id));

    const rows = await campaignReport(db, { from: day, to: day });
    const row = rows.find((candidate) => candidate.id === campaign.id);
    expect(row).toMatchObject({ visits: 2, orders: 3, revenue: 1200 - 2200, target: "/categories/hoodies" });
    const wider = await campaignReport(db, { from: "2026-03-09", to: day });
    expect(wider.find((candidate) => candidate.id === campaign.id)).toMatchObject({ visits: 3, orders: 5, revenue: 1200 + 9200 });
  });
});
