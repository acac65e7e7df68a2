import { JsonLd } from "@/components/layout/JsonLd";
import { getShopDetails } from "@/lib/server/shop-details-cache";
import { homeStructuredData } from "@/lib/shop-details/structured-data";
import { site } from "@/lib/site";

/** The shop as an Organization and the site as a WebSite with its search, for search engines. */
export async function HomeJsonLd() {
  return homeStructuredData(await getShopDetails(), site.url).map((data) => <JsonLd key={data["@type"]} data={data} />);
}
