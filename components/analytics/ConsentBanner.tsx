import { consentScript } from "@/components/analytics/consent-script";
import { ConsentTags } from "@/components/analytics/ConsentTags";
import { buttonStyles } from "@/components/ui/button-styles";
import { consentBannerId, consentWording } from "@/lib/analytics/consent-rules";
import type { Tags } from "./tags";

/**
 * The cookie banner, rendered hidden in every page alike (only the browser reads the answer, so pages
 * stay cached), and shown by the inline script after it before the first paint when the shopper has
 * not answered: no React work and no download for it. Nothing is asked of Google or Meta before
 * 'Accept', nor after 'Reject'. The footer's 'Cookie choices' link (#cookie-choices) asks again.
 */
export function ConsentBanner({ tags }: { tags: Tags }) {
  return (
    <>
      {/* The script changes `hidden` before React hydrates the page. */}
      <div id={consentBannerId} hidden suppressHydrationWarning>
        {/* Room below the footer, so that the page's end can scroll clear of the banner. */}
        <div className="h-36 sm:h-20" />
        <section
          tabIndex={-1}
          aria-label={consentWording.reopen}
          className="fixed inset-x-0 bottom-0 z-50 border-t border-stone-300 bg-white p-3 text-sm text-stone-900 shadow-lg"
        >
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
            <p className="min-w-60 flex-1">{consentWording.text}</p>
            <button type="button" data-consent="accept" className={buttonStyles.secondary}>
              {consentWording.accept}
            </button>
            <button type="button" data-consent="reject" className={buttonStyles.secondary}>
              {consentWording.reject}
            </button>
          </div>
        </section>
      </div>
      <script dangerouslySetInnerHTML={{ __html: consentScript() }} />
      <ConsentTags ga={tags.ga} pixel={tags.pixel} />
    </>
  );
}
