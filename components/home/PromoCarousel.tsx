"use client";

import { useEffect, useRef } from "react";
import "swiper/css";
import "swiper/css/pagination";
import { carouselImageSize, carouselSlides } from "@/components/home/carousel-slides";

/**
 * The promo carousel. The slides are rendered on the server, so the first one shows (with no
 * layout shift) before Swiper, loaded after hydration, takes over.
 */
export function PromoCarousel({ className = "" }: { className?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const pagination = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("@/components/home/start-carousel").then(({ startCarousel }) => {
      if (unmounted) return;
      const swiper = startCarousel(container.current!, pagination.current!, carouselSlides.length);
      stop = () => swiper.destroy(true, true);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);

  return (
    <div
      ref={container}
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured clothing"
      className={`swiper promo-carousel ${className}`}
    >
      <div className="swiper-wrapper">
        {carouselSlides.map((slide, index) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${carouselSlides.length}`}
            className="swiper-slide"
          >
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
          </div>
        ))}
      </div>
      <div ref={pagination} className="swiper-pagination" />
    </div>
  );
}
