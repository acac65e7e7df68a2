import { NextResponse, type NextRequest } from "next/server";
import { campaignCookie, countLandedVisit } from "@/lib/server/campaign-cookie";
import { cookieDefaults, signedUpCookie } from "@/lib/server/cookies";
import { getViewer } from "@/lib/server/viewer";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest) {
  const [viewer, campaign] = await Promise.all([
    getViewer(request.headers),
    countLandedVisit(request.cookies.get(campaignCookie.name)?.value),
  ]);
  const response = NextResponse.json(viewer, { headers: { "Cache-Control": "private, no-store" } });
  if (campaign) response.cookies.set(campaignCookie.name, campaign, { ...cookieDefaults(), maxAge: campaignCookie.maxAge });
  // "Check your e-mail" is said once: the page that heard it keeps it until dismissed.
  if (viewer.checkEmail)
    response.headers.append("Set-Cookie", `${signedUpCookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return response;
}
