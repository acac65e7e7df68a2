import { describe, expect, it, vi } from "vitest";
import { smsLength } from "@/lib/sms/gsm";
import { orderShortUrl } from "./order-link";
import { orderText, orderTexts } from "./order-texts";

// The longest site address the texts allow for (39 characters), and an order's number (always 10).
const longestSite = "https://shop.kijanithreads-online.co.ke";
vi.stubEnv("BETTER_AUTH_URL", `${longestSite}/`);
vi.stubEnv("BETTER_AUTH_SECRET", "s".repeat(32));

describe("order texts", () => {
  const link = orderShortUrl({ id: 2_147_483_647, number: "KT-WWWWWWW" });
  const phrases = [
    orderTexts.placed,
    ...Object.values(orderTexts.status),
    ...Object.values(orderTexts.pickupStatus),
    orderTexts.refund(9_999_999),
    ...Object.values(orderTexts.returns),
  ];

  it("each fits one GSM-7 SMS with the longest number and site address", () => {
    expect(longestSite.length).toBeGreaterThanOrEqual(39);
    expect(link).toMatch(/^https:\/\/shop\.kijanithreads-online\.co\.ke\/o\/KT-WWWWWWW\/[\w-]{11}$/);
    for (const phrase of phrases) {
      const text = orderText("KT-WWWWWWW", phrase, link);
      expect({ text, ...smsLength(text) }).toMatchObject({ text, encoding: "GSM-7", parts: 1 });
      expect(text).toContain("Stop SMS");
    }
  });

  it("reads as a sentence", () => {
    expect(orderText("KT-7F3K9QM", orderTexts.status.dispatched, "L")).toBe(
      "Kijani Threads: order KT-7F3K9QM is on its way. The rider will call. Stop SMS or see it: L",
    );
    expect(orderText("KT-7F3K9QM", orderTexts.refund(3499), "L")).toMatch(/order KT-7F3K9QM: your refund of KSh 3,499 is sent\./);
  });
});
