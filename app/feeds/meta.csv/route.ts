import { feedEntries, feedShipping } from "@/lib/feeds/entries";
import { metaFeedContentType, metaFeedCsv } from "@/lib/feeds/meta";
import { listFeedCatalog } from "@/lib/server/catalog-cache";
import { site } from "@/lib/site";
import { listDeliveryRates } from "@/lib/checkout/delivery-zones";
import { getDb } from "@/lib/server/database";

// Read per request from the catalog cache (expired on every catalog change) and the delivery rates, never at build time.
export const dynamic = "force-dynamic";

/** Meta's catalog feed (Facebook, Instagram and WhatsApp shops). */
export async function GET() {
  const { entries } = feedEntries(await listFeedCatalog(), site.url, "meta");
  return new Response(metaFeedCsv(entries, feedShipping(await listDeliveryRates(await getDb()))), {
    headers: { "Content-Type": metaFeedContentType },
  });
}
