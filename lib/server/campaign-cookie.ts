import "server-only";
import { attributionWindowMs, campaignCookieValue, uncountedVisit } from "@/lib/marketing/attribution";
import { recordLandedVisit } from "@/lib/marketing/campaigns";
import { deriveSecret } from "@/lib/secrets";
import { cookieNames } from "./cookies";
import { getDb } from "./database";

// Apart from ./cookies.ts, whose attributes proxy.ts uses without the shop's secret.

/** The last campaign link's visit, for as long as an order is attributed to it. */
export const campaignCookie = { name: cookieNames.campaign, maxAge: attributionWindowMs / 1000 } as const;

/** The key that signs the campaign cookie and names visitors (lib/marketing/attribution.ts). */
export const campaignKey = () => deriveSecret("campaign-cookie");

/**
 * Counts a campaign link's visit when the browser it sent on comes back with the link's cookie (the
 * page's request for /api/viewer, which every shop page makes, so the page itself stays cached), and
 * gives the cookie's value to set in its place, marked counted; null when there is nothing to count.
 */
export async function countLandedVisit(cookieValue: string | undefined): Promise<string | null> {
  const key = campaignKey();
  const visit = uncountedVisit(cookieValue, key);
  if (!visit) return null;
  await recordLandedVisit(await getDb(), visit);
  return campaignCookieValue(visit.code, visit.visitedAt, visit.holder, key);
}
