import "server-only";
import { createHmac } from "node:crypto";
import { sameSecret } from "@/lib/secrets";
import { isCampaignCode } from "./codes";
import { parseWholeNumber } from "@/lib/core/whole-number";

/**
 * First-party attribution: a visit through a campaign link leaves the campaign's code and the
 * visit's time in one signed cookie; an order placed within the window records that campaign. A
 * later visit overwrites the cookie, so the last campaign link counts. The signature's key
 * (`key`) is derived from the shop's secret (lib/server/cookies.ts), so nobody can credit orders
 * to a campaign they did not come through.
 */
export const attributionWindowMs = 7 * 24 * 60 * 60 * 1000;

/** The campaign cookie's value: `CODE.<visit time in ms>.<signature>`. */
export function campaignCookieValue(code: string, visitedAt: Date, key: string): string {
  const payload = `${code}.${visitedAt.getTime()}`;
  return `${payload}.${sign(payload, key)}`;
}

/** The code of the campaign an order placed at `now` is attributed to: the cookie's, if it is signed and its visit within the window. */
export function attributedCampaignCode(cookieValue: string | undefined, now: Date, key: string): string | null {
  const [code, time, signature, ...rest] = (cookieValue ?? "").split(".");
  const visitedAt = parseWholeNumber(time, { min: 0, max: Number.MAX_SAFE_INTEGER });
  if (rest.length > 0 || !isCampaignCode(code) || visitedAt === null) return null;
  if (!signature || !sameSecret(signature, sign(`${code}.${time}`, key))) return null;
  const age = now.getTime() - visitedAt;
  return age >= 0 && age <= attributionWindowMs ? code : null;
}

/**
 * Who visited, for counting one visit per visitor per code per day: a keyed hash of the client's
 * address and user agent, which a script cannot reset by dropping cookies. Null when the address
 * is unknown (then every visit counts).
 */
export function visitorOf(address: string | null, userAgent: string | null, key: string): string | null {
  return address ? sign(`${address}|${userAgent ?? ""}`, key) : null;
}

const sign = (payload: string, key: string) => createHmac("sha256", key).update(payload).digest("base64url");

/** Whether a user agent says it is a bot (crawlers, link-preview fetchers): their visits are not counted. */
export function isBot(userAgent: string | null): boolean {
  return userAgent !== null && botPattern.test(userAgent);
}

// WhatsApp, Facebook, X and Telegram fetch a shared link's preview; they say so in their user agents.
const botPattern =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|facebookcatalog|whatsapp|telegram|discord|skype|curl|wget|python-requests|httpclient|monitor/i;
