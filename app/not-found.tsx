import Link from "next/link";
import { ContentPage } from "@/components/layout/ContentPage";
import { ShopFrame } from "@/components/layout/ShopFrame";

export { notFoundMetadata as metadata } from "@/lib/seo";

/** Every 'Not Found' (an unknown URL, a hidden product, a back-office URL refused to a shopper) in the shop's frame. */
export default function NotFound() {
  return (
    <ShopFrame>
      <ContentPage title="Not Found">
        <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
        <p>
          <Link href="/">Back to the shop</Link>
        </p>
      </ContentPage>
    </ShopFrame>
  );
}
