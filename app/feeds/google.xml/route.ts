import { feedEntries, feedShipping } from "@/lib/feeds/entries";
import { googleFeedContentType, googleFeedXml } from "@/lib/feeds/google";
import { listFeedCatalog } from "@/lib/server/catalog-cache";
import { site } from "@/lib/site";
import { listDeliveryRates } from "@/lib/checkout/delivery-zones";
import { getDb } from "@/lib/server/database";

// Read per request from the catalog cache (expired on every catalog change) and the delivery rates, never at build time.
export const dynamic = "force-dynamic";

/** The Google Merchant Center product feed. */
export async function GET() {
  const { entries } = feedEntries(await listFeedCatalog(), site.url, "google");
  const channel = { title: site.name, link: site.url, description: site.tagline };
  return new Response(googleFeedXml(entries, channel, feedShipping(await listDeliveryRates(await getDb()))), {
    headers: { "Content-Type": googleFeedContentType },
  });
}
