import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { sameSecret } from "@/lib/secrets";
import { isCampaignCode } from "./codes";
import { parseWholeNumber } from "@/lib/core/whole-number";

/**
 * First-party attribution: a visit through a campaign link leaves the campaign's code and the
 * visit's time in one signed cookie; an order placed within the window records that campaign. A
 * later visit overwrites the cookie, so the last campaign link counts. The signature's key
 * (`key`) is derived from the shop's secret (lib/server/campaign-cookie.ts), so nobody can credit orders
 * to a campaign they did not come through.
 */
export const attributionWindowMs = 7 * 24 * 60 * 60 * 1000;

/**
 * The campaign cookie's value: `CODE.<visit time in ms>.<holder>[.new].<signature>`, where the holder
 * is a random id minted on the browser's first visit and kept on later ones (see visitorOf), and
 * `new` marks a visit not counted yet: the link sets it, and the page it leads to counts the visit
 * when the browser comes back with it (see uncountedVisit).
 */
export function campaignCookieValue(code: string, visitedAt: Date, holder: string, key: string, counted = true): string {
  const payload = `${code}.${visitedAt.getTime()}.${holder}${counted ? "" : `.${uncountedMark}`}`;
  return `${payload}.${sign(payload, key)}`;
}

/** The code of the campaign an order placed at `now` is attributed to: the cookie's, if it is signed and its visit within the window. */
export function attributedCampaignCode(cookieValue: string | undefined, now: Date, key: string): string | null {
  const cookie = readCampaignCookie(cookieValue, key);
  if (!cookie) return null;
  const age = now.getTime() - cookie.visitedAt;
  return age >= 0 && age <= attributionWindowMs ? cookie.code : null;
}

/**
 * Who visited, for counting one visit per visitor per code per day: the holder id a signed campaign
 * cookie carries, else a fresh one that the visit's cookie then carries. Never the address, so
 * shoppers behind one carrier address each count, newcomers too (a campaign's audience mostly is).
 */
export function visitorOf(cookieValue: string | undefined, key: string): string {
  return readCampaignCookie(cookieValue, key)?.holder ?? randomBytes(12).toString("base64url");
}

/**
 * The visit a browser brought back in the cookie the link set, still uncounted: counted then, so
 * that only a client that keeps the cookie counts (a script that drops cookies, asking the link
 * again and again, counts nothing). Null for any other cookie.
 */
export function uncountedVisit(cookieValue: string | undefined, key: string) {
  const cookie = readCampaignCookie(cookieValue, key);
  return cookie?.uncounted && cookie.holder
    ? { code: cookie.code, visitedAt: new Date(cookie.visitedAt), holder: cookie.holder }
    : null;
}

/** A signed cookie's parts; one signed before holders existed (`CODE.<ms>.<signature>`) has none. */
function readCampaignCookie(cookieValue: string | undefined, key: string) {
  const parts = (cookieValue ?? "").split(".");
  const [code, time, holder = null, mark = null, ...extra] = parts.slice(0, -1);
  const signature = parts.at(-1);
  const visitedAt = parseWholeNumber(time, { min: 0, max: Number.MAX_SAFE_INTEGER });
  if (extra.length > 0 || !isCampaignCode(code) || visitedAt === null) return null;
  if ((holder !== null && !holderPattern.test(holder)) || (mark !== null && mark !== uncountedMark)) return null;
  if (!signature || !sameSecret(signature, sign(parts.slice(0, -1).join("."), key))) return null;
  return { code, visitedAt, holder, uncounted: mark !== null };
}

const uncountedMark = "new";
const holderPattern = /^[\w-]{16}$/;

const sign = (payload: string, key: string) => createHmac("sha256", key).update(payload).digest("base64url");

/** Whether a user agent says it is a bot (crawlers, link-preview fetchers): their visits are not counted. */
export function isBot(userAgent: string | null): boolean {
  return userAgent !== null && botPattern.test(userAgent);
}

// WhatsApp, Facebook, X and Telegram fetch a shared link's preview; they say so in their user agents.
const botPattern =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|facebookcatalog|whatsapp|telegram|discord|skype|curl|wget|python-requests|httpclient|monitor/i;
