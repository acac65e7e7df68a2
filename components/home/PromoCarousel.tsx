"use client";

import { useEffect, useRef } from "react";
import "swiper/css";
import "swiper/css/pagination";
import type { PromotionSlide } from "@/lib/marketing/promotion-rules";

/** The slides' images are 600x400, so the browser reserves their space. */
const carouselImageSize = { width: 600, height: 400 } as const;

/**
 * The promo carousel. The slides are rendered on the server, so the first one shows (with no
 * layout shift) before Swiper, loaded after hydration, takes over.
 */
export function PromoCarousel({ slides, className = "" }: { slides: PromotionSlide[]; className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const pagination = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("@/components/home/start-carousel").then(({ startCarousel }) => {
      if (unmounted) return;
      const swiper = startCarousel(container.current!, pagination.current!, slides.length);
      stop = () => swiper.destroy(true, true);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [slides.length]);

  return (
    <div
      ref={container}
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured clothing"
      className={`swiper promo-carousel ${className}`}
    >
      <div className="swiper-wrapper">
        {slides.map((slide, index) => (
          <div
            key={`${index}-${slide.src}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            className="swiper-slide"
          >
            <a href={slide.href} className="block md:h-full">
              {/* Plain <img>: SVGs gain nothing from the image optimizer, and the first is the page's LCP. */}
              <img
                src={slide.src}
                alt={slide.alt}
                {...carouselImageSize}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "low"}
                decoding={index === 0 ? "sync" : "async"}
                className="h-auto w-full md:h-full md:object-cover"
              />
            </a>
          </div>
        ))}
      </div>
      <div ref={pagination} className="swiper-pagination" />
    </div>
  );
}
