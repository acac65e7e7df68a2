import { PromoBanner } from "@/components/home/PromoBanner";
import { SellingPoints } from "@/components/home/SellingPoints";
import { Welcome } from "@/components/home/Welcome";
import { pageMetadata } from "@/lib/seo";
import { site } from "@/lib/site";

export const metadata = pageMetadata({ description: site.blurb, path: "/" });

export default function HomePage() {
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 pt-6">
      <PromoBanner />
      <Welcome />
      <SellingPoints />
    </div>
  );
}
