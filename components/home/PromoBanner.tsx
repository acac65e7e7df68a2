import { ShopLink } from "@/components/ui/ShopLink";
import { PromoCarousel } from "@/components/home/PromoCarousel";
import { bannerHref, type Promotion } from "@/lib/marketing/promotion-rules";

/** The home page's promo: marketing's banner beside the carousel, exactly 300 px high on desktop. */
export function PromoBanner({ promotion }: { promotion: Promotion }) {
  const { banner } = promotion;
  return (
    <section
      aria-labelledby="promo-heading"
      data-testid="promo-banner"
      className="flex flex-col overflow-hidden rounded-2xl bg-green-950 text-white md:h-[300px] md:flex-row"
    >
      <div className="flex flex-col justify-center gap-3 p-6 md:w-1/2 md:p-10">
        <h1 id="promo-heading" className="text-2xl font-bold tracking-tight md:text-4xl">
          {banner.heading}
        </h1>
        <p className="text-green-100">{banner.blurb}</p>
        <ShopLink
          href={bannerHref(promotion)}
          className="self-start rounded-md bg-lime-300 px-5 py-2.5 font-semibold text-green-950 hover:bg-lime-200"
        >
          {banner.buttonLabel}
        </ShopLink>
      </div>
      <PromoCarousel slides={promotion.slides} className="w-full md:h-full md:w-1/2" />
    </section>
  );
}
