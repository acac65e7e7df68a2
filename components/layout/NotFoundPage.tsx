import { ShopLink } from "@/components/ui/ShopLink";
import { ContentPage } from "./ContentPage";

/** What every 'Not Found' says: an unknown URL, a hidden product, a back-office URL refused to a shopper. */
export function NotFoundPage() {
  return (
    <ContentPage title="Not Found">
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <p>
        <ShopLink href="/">Back to the shop</ShopLink>
      </p>
    </ContentPage>
  );
}
