import { photoColourAttribute } from "@/lib/catalog/colour-photos";
import type { ShopImage } from "@/lib/catalog/images";

// The gallery fills the phone's width and half the page from 768 px, at most 448 px (max-w-md).
const pictureSizes = "(min-width: 768px) 448px, 100vw";

/**
 * The product's pictures in a swipeable row (CSS scroll snap, no JavaScript), with
 * thumbnails that link to each picture. Uploaded photos carry staff's alt text, and their colour
 * for the page's stylesheet (colourPhotoStyle) to show the chosen colour's.
 */
export function ProductGallery({ images, name }: { images: ShopImage[]; name: string }) {
  const views = images.map((image, index) => ({
    ...image,
    id: `picture-${index + 1}`,
    alt: image.alt ?? `${name}, view ${index + 1} of ${images.length}`,
  }));
  return (
    <section aria-label="Pictures" className="min-w-0">
      {/* Focusable so keyboard users can scroll it too. */}
      <ul
        tabIndex={0}
        aria-label="Product pictures"
        className="flex snap-x snap-mandatory overflow-x-auto rounded-lg bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800"
      >
        {views.map((view, index) => (
          <li key={view.id} id={view.id} {...{ [photoColourAttribute]: view.colour }} className="w-full shrink-0 snap-center">
            <img
              src={view.src}
              srcSet={view.srcSet}
              sizes={pictureSizes}
              alt={view.alt}
              width={368}
              height={368}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              className="mx-auto aspect-square w-full max-w-md object-contain"
            />
          </li>
        ))}
      </ul>
      {views.length > 1 ? (
        <ul className="mt-3 flex gap-2">
          {views.map((view, index) => (
            <li key={view.id} {...{ [photoColourAttribute]: view.colour }}>
              <a
                href={`#${view.id}`}
                aria-label={`Show view ${index + 1}`}
                className="block rounded-md border border-stone-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-green-800"
              >
                <img
                  src={view.src}
                  srcSet={view.srcSet}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 rounded-md object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
