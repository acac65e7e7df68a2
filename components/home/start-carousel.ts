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
    // The loop moves slides around in the page after a change of slide: their places are set again then.
    on: { init: onlyActiveSlideTabbable, slideChange: onlyActiveSlideTabbable, loopFix: onlyActiveSlideTabbable },
  });
}

/**
 * Only the slide in view is in the tab order: a keyboard user never lands on a link they cannot
 * see, and the dots bring any slide into view. (`inert` would do more, but it also hides the
 * slides from the pointer, and a swipe that starts over one mid-transition is lost.)
 */
function onlyActiveSlideTabbable(swiper: Swiper) {
  swiper.slides.forEach((slide, index) => {
    for (const link of slide.querySelectorAll("a")) {
      if (index === swiper.activeIndex) link.removeAttribute("tabindex");
      else link.tabIndex = -1;
    }
  });
}
