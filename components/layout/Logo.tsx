import { ShopLink } from "@/components/ui/ShopLink";
import { site } from "@/lib/site";

/** The brand mark (a leaf in a thread loop) and the wordmark, linking home. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <ShopLink href="/" aria-label={`${site.name} home`} className={`inline-flex items-center gap-2 ${className}`}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="17" fill="#14532d" />
        <path d="M11 24c0-8 5-13 14-14-1 9-6 14-14 14Z" fill="#86efac" />
        <path d="M11 24c4-4 7-7 11-10" stroke="#14532d" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-green-900">{site.name}</span>
    </ShopLink>
  );
}
