import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/server/database";
import { campaignCookieValue, isBot, visitorOf } from "@/lib/marketing/attribution";
import { findCampaignLink } from "@/lib/marketing/campaigns";
import { campaignCookie, campaignKey } from "@/lib/server/campaign-cookie";
import { cookieDefaults } from "@/lib/server/cookies";

export const dynamic = "force-dynamic";

/**
 * A campaign link: remembers the campaign, its holder and an uncounted visit in the signed
 * first-party cookie (unless a bot says it is one) and sends the visitor on with UTM parameters.
 * The page it leads to counts the visit when the browser comes back with that cookie (once per
 * visitor and day: lib/server/campaign-cookie.ts countLandedVisit), so a client that drops cookies
 * counts nothing however often it asks. Unknown or disabled codes: 404.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const db = await getDb();
  const campaign = await findCampaignLink(db, (await params).code);
  if (!campaign) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  // Relative, so it stays on the origin the visitor used; never cached, so every click gets its cookie.
  const response = new NextResponse(null, { status: 303, headers: { Location: campaign.url, "Cache-Control": "no-store" } });
  const userAgent = request.headers.get("user-agent");
  if (!isBot(userAgent)) {
    const now = new Date();
    const key = campaignKey();
    const visitor = visitorOf(request.cookies.get(campaignCookie.name)?.value, key);
    response.cookies.set(campaignCookie.name, campaignCookieValue(campaign.code, now, visitor, key, false), {
      ...cookieDefaults(),
      maxAge: campaignCookie.maxAge,
    });
  }
  return response;
}
