import { isCampaignCode } from "./codes";
import { parseWholeNumber } from "@/lib/core/whole-number";

/**
 * First-party attribution: a visit through a campaign link leaves the campaign's code and the
 * visit's time in one cookie; an order placed within the window records that campaign. A later
 * visit overwrites the cookie, so the last campaign link counts.
 */
export const attributionWindowMs = 7 * 24 * 60 * 60 * 1000;

/** The campaign cookie's value: `CODE.<visit time in ms>`. */
export function campaignCookieValue(code: string, visitedAt: Date): string {
  return `${code}.${visitedAt.getTime()}`;
}

/** The code of the campaign an order placed at `now` is attributed to: the cookie's, if its visit is within the window. */
export function attributedCampaignCode(cookieValue: string | undefined, now: Date): string | null {
  const [code, time, ...rest] = (cookieValue ?? "").split(".");
  const visitedAt = parseWholeNumber(time, { min: 0, max: Number.MAX_SAFE_INTEGER });
  if (rest.length > 0 || !isCampaignCode(code) || visitedAt === null) return null;
  const age = now.getTime() - visitedAt;
  return age >= 0 && age <= attributionWindowMs ? code : null;
}

/** Whether a user agent says it is a bot (crawlers, link-preview fetchers): their visits are not counted. */
export function isBot(userAgent: string | null): boolean {
  return userAgent !== null && botPattern.test(userAgent);
}

// WhatsApp, Facebook, X and Telegram fetch a shared link's preview; they say so in their user agents.
const botPattern =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|facebookcatalog|whatsapp|telegram|discord|skype|curl|wget|python-requests|httpclient|monitor/i;
