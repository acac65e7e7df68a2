import { googleReviewsContentType, googleReviewsXml } from "@/lib/reviews/feed";
import { listFeedReviewsCached } from "@/lib/server/catalog-cache";
import { site } from "@/lib/site";

// Read per request from the catalog cache (expired with every review's publication), never at build time.
export const dynamic = "force-dynamic";

/** Google's product ratings feed: every published review of a product in the shop. */
export async function GET() {
  return new Response(googleReviewsXml(await listFeedReviewsCached(), { name: site.name, url: site.url }), {
    headers: { "Content-Type": googleReviewsContentType },
  });
}
