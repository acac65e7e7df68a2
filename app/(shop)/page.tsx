import { HomeJsonLd } from "@/components/home/HomeJsonLd";
import { PromoBanner } from "@/components/home/PromoBanner";
import { SellingPoints } from "@/components/home/SellingPoints";
import { ShopByCategory } from "@/components/home/ShopByCategory";
import { Welcome } from "@/components/home/Welcome";
import { getPublishedPromotion } from "@/lib/server/promotion-cache";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata = pageMetadata({ description: site.blurb, path: "/" });

// Rendered on its first visit after each start and after each published change (lib/server/promotion-cache.ts),
// then served from the cache.
export default async function HomePage() {
  return (
    <>
      <HomeJsonLd />
      <div className="mx-auto max-w-6xl space-y-12 px-4 pt-6">
        <PromoBanner promotion={await getPublishedPromotion()} />
        <Welcome />
        <SellingPoints />
        <ShopByCategory />
      </div>
    </>
  );
}
