import { c2bUrls, type MpesaConfig } from "@/lib/payments/mpesa/config";

/** M-Pesa's settings as the tests use them: the shop's default timers and limits, a Daraja never called unless faked. */
export const testMpesaConfig: MpesaConfig = {
  apiUrl: "http://daraja.test",
  consumerKey: "key",
  consumerSecret: "secret",
  shortcode: "174379",
  passkey: "passkey",
  till: null,
  callbackToken: "t".repeat(43),
  callbackUrl: "http://127.0.0.1:3000/api/payments/mpesa/callback/token",
  c2bToken: "c".repeat(43),
  c2bUrls: c2bUrls("http://127.0.0.1:3000", "c".repeat(43)),
  initiator: { name: "testapi", securityCredential: "encrypted-credential" },
  timers: {
    windowMs: 30 * 60_000,
    promptHoldMs: 3 * 60_000,
    failedHoldMs: 5 * 60_000,
    firstCheckMs: 30_000,
    checkEveryMs: 25_000,
    giveUpMs: 10 * 60_000,
  },
  pushLimits: { windowMs: 10 * 60_000, perPhone: 3, perAddress: 10 },
};
