import { NotFoundPage } from "@/components/layout/NotFoundPage";
import { ShopFrame } from "@/components/layout/ShopFrame";

export { notFoundMetadata as metadata } from "@/lib/seo";

/** A back-office URL refused to a shopper: the same 404, in the shop's frame, as any unknown URL. */
export default function BackOfficeNotFound() {
  return (
    <ShopFrame>
      <NotFoundPage />
    </ShopFrame>
  );
}
