import { site } from "@/lib/site";

/** The home page's welcome: who the shop is, in a few words. */
export function Welcome() {
  return (
    <section aria-labelledby="welcome-heading" className="mx-auto max-w-3xl text-center">
      <h2 id="welcome-heading" className="text-2xl font-bold tracking-tight text-green-900 md:text-3xl">
        Welcome to {site.name}
      </h2>
      <p className="mt-3 leading-relaxed text-stone-700">
        We design bold, comfortable clothes in Nairobi and make them from organic cotton and recycled fibres. Pick a hoodie for
        the cool Nairobi evenings, a t-shirt for every day, or our tough recycled trash bags for a cleaner home, and we will bring
        your order to your door anywhere in Kenya.
      </p>
    </section>
  );
}
