import { promotionPreviewPath } from "@/lib/marketing/promotion-rules";

/** The draft as the home page will show it, in frames as wide as a phone and a desktop (the desktop one drawn at half size). */
export function PromotionPreview() {
  return (
    <div className="flex flex-wrap items-start gap-6">
      <figure>
        <figcaption className="mb-2 text-sm font-medium">Phone (390 px)</figcaption>
        <iframe
          title="Preview on a phone"
          src={promotionPreviewPath}
          className="h-[720px] w-[390px] rounded-md ring-1 ring-stone-300"
        />
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-medium">Desktop (1280 px, half size)</figcaption>
        <div className="h-[200px] w-[640px] overflow-hidden rounded-md ring-1 ring-stone-300">
          <iframe
            title="Preview on a desktop"
            src={promotionPreviewPath}
            className="h-[400px] w-[1280px] origin-top-left scale-50"
          />
        </div>
      </figure>
    </div>
  );
}
