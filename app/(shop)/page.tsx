import { PromoBanner } from "@/components/home/PromoBanner";
import { SellingPoints } from "@/components/home/SellingPoints";
import { ShopByCategory } from "@/components/home/ShopByCategory";
import { Welcome } from "@/components/home/Welcome";
import { getPublishedPromotion } from "@/lib/server/promotion-cache";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata = pageMetadata({ description: site.blurb, path: "/" });

// Static: rendered once after each published change (lib/server/promotion-cache.ts), then served from the cache.
export default async function HomePage() {
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 pt-6">
      <PromoBanner promotion={await getPublishedPromotion()} />
      <Welcome />
      <SellingPoints />
      <ShopByCategory />
    </div>
  );
}
