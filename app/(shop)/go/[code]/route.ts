import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/server/database";
import { campaignCookieValue, isBot, visitorOf } from "@/lib/marketing/attribution";
import { findCampaignLink, recordCampaignVisit } from "@/lib/marketing/campaigns";
import { campaignCookie, campaignKey } from "@/lib/server/campaign-cookie";
import { cookieDefaults } from "@/lib/server/cookies";

export const dynamic = "force-dynamic";

/**
 * A campaign link: counts the visit (unless a bot says it is one; once per visitor and day, see
 * attribution.ts visitorOf), remembers the campaign and its holder in the signed first-party
 * cookie and sends the visitor on with UTM parameters. Unknown or disabled codes: 404. Counting is
 * one insert that never waits on another visitor's row.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const db = await getDb();
  const campaign = await findCampaignLink(db, (await params).code);
  if (!campaign) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  // Relative, so it stays on the origin the visitor used; never cached, so every click is counted.
  const response = new NextResponse(null, { status: 303, headers: { Location: campaign.url, "Cache-Control": "no-store" } });
  const userAgent = request.headers.get("user-agent");
  if (!isBot(userAgent)) {
    const now = new Date();
    const key = campaignKey();
    const visitor = visitorOf(request.cookies.get(campaignCookie.name)?.value, key);
    await recordCampaignVisit(db, campaign.id, now, visitor);
    response.cookies.set(campaignCookie.name, campaignCookieValue(campaign.code, now, visitor, key), {
      ...cookieDefaults(),
      maxAge: campaignCookie.maxAge,
    });
  }
  return response;
}
