import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/lib/server/database";
import { clientAddress } from "@/lib/auth/form-values";
import { campaignCookieValue, isBot, visitorOf } from "@/lib/marketing/attribution";
import { findCampaignLink, recordCampaignVisit } from "@/lib/marketing/campaigns";
import { campaignCookie, campaignKey, cookieDefaults } from "@/lib/server/cookies";

export const dynamic = "force-dynamic";

/**
 * A campaign link: counts the visit (unless a bot says it is one; once per visitor and day),
 * remembers the campaign in its signed first-party cookie and sends the visitor on with UTM
 * parameters. Unknown or disabled codes: 404.
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
    await recordCampaignVisit(db, campaign.id, now, visitorOf(clientAddress(request.headers), userAgent, key));
    response.cookies.set(campaignCookie.name, campaignCookieValue(campaign.code, now, key), {
      ...cookieDefaults(),
      maxAge: campaignCookie.maxAge,
    });
  }
  return response;
}
