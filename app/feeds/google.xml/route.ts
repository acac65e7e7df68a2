import { feedEntries } from "@/lib/feeds/entries";
import { googleFeedContentType, googleFeedXml } from "@/lib/feeds/google";
import { listFeedCatalog } from "@/lib/server/catalog-cache";
import { site } from "@/lib/site";

// Read per request from the catalog cache (expired on every catalog change), never at build time.
export const dynamic = "force-dynamic";

/** The Google Merchant Center product feed. */
export async function GET() {
  const { entries } = feedEntries(await listFeedCatalog(), site.url, "google");
  const channel = { title: site.name, link: site.url, description: site.tagline };
  return new Response(googleFeedXml(entries, channel), { headers: { "Content-Type": googleFeedContentType } });
}
