import { site } from "@/lib/site";

/** The marketing panel beside the account forms. */
export function SidePanel() {
  return (
    <aside
      aria-labelledby="side-panel-title"
      className="flex flex-col justify-center gap-4 rounded-xl bg-green-900 p-6 text-white sm:p-8 md:order-1"
    >
      <svg width="160" height="110" viewBox="0 0 160 110" aria-hidden="true" focusable="false" className="h-auto max-w-full">
        <rect x="8" y="34" width="92" height="50" rx="6" fill="#86efac" />
        <path d="M100 48h28l20 20v16h-48z" fill="#bbf7d0" />
        <path d="M108 54h18l12 12h-30z" fill="#14532d" />
        <circle cx="34" cy="90" r="11" fill="#f0fdf4" stroke="#14532d" strokeWidth="5" />
        <circle cx="124" cy="90" r="11" fill="#f0fdf4" stroke="#14532d" strokeWidth="5" />
        <path d="M30 52h40M30 64h28" stroke="#14532d" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h2 id="side-panel-title" className="text-2xl font-bold">
        You Order, We Deliver
      </h2>
      <p className="text-green-50">
        Order your favourite {site.name} tees, hoodies and trash bags from anywhere in Kenya. We pack them in Nairobi and deliver
        to your door in every county, and you pay on delivery.
      </p>
    </aside>
  );
}
