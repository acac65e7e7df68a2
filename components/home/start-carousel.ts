import Swiper from "swiper";
import { Pagination } from "swiper/modules";

/**
 * Starts Swiper on the server-rendered carousel: core and Pagination only, to keep the JS small.
 * Loaded on demand by PromoCarousel, so pages that merely prefetch the home page never download Swiper.
 */
export function startCarousel(container: HTMLElement, pagination: HTMLElement, slideCount: number): Swiper {
  return new Swiper(container, {
    modules: [Pagination],
    speed: 500,
    slidesPerView: 1,
    slidesPerGroup: 1,
    loop: true,
    pagination: {
      el: pagination,
      clickable: true,
      renderBullet: (index, className) =>
        `<button type="button" class="${className}" aria-label="Show slide ${index + 1} of ${slideCount}"></button>`,
    },
    on: { init: onlyActiveSlideLive, slideChange: onlyActiveSlideLive },
  });
}

/**
 * The slides out of view are inert: a keyboard user never tabs onto a link they cannot see, and
 * a screen reader reads the slide shown. The dots bring any slide into view.
 */
function onlyActiveSlideLive(swiper: Swiper) {
  swiper.slides.forEach((slide, index) => (slide.inert = index !== swiper.activeIndex));
}
