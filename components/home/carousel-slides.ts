/** The promo carousel's illustrations (drawn for the shop, 600x400 so the browser reserves their space). */
export const carouselSlides = [
  { src: "/images/carousel/glow-hoodie.svg", alt: "Black hoodie with a Nairobi skyline print glowing green in the dark" },
  { src: "/images/carousel/leaf-tee.svg", alt: "White organic-cotton t-shirt with a green leaf print" },
  { src: "/images/carousel/sunrise-hoodie.svg", alt: "Terracotta hoodie with a sunrise print" },
  { src: "/images/carousel/savannah-tee.svg", alt: "Blue t-shirt with an acacia tree at sunset" },
] as const;

export const carouselImageSize = { width: 600, height: 400 } as const;
