import { ShopLink } from "@/components/ui/ShopLink";
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
          <ShopLink href="/">Back to the shop</ShopLink>
        </p>
      </ContentPage>
    </ShopFrame>
  );
}
