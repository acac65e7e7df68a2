// The cookie banner's behaviour, without React: the shop page inlines this function's source just
// after the banner's markup (./ConsentBanner.tsx), so the banner shows before the first paint when
// the shopper has not answered, and 'Accept' and 'Reject' work before the page's own code arrives.
// The function must reach nothing outside its arguments: it runs from its source text.
import { submitEventAttribute, type CommerceEvent } from "@/lib/analytics/browser-events";
import {
  consentAnsweredEvent,
  consentBannerId,
  consentCookieMaxAge,
  consentCookieName,
  consentCookieValue,
  consentPath,
  readConsentCookie,
  type ConsentAnswer,
} from "@/lib/analytics/consent-rules";

/** What the script keeps on the page: the answer, a re-check of the banner, and the commerce events of forms sent before the tags' code arrived. */
export type ConsentPage = Window & {
  ktConsent?: { answer(): ConsentAnswer | null; refresh(): void };
  ktEvents?: CommerceEvent[];
};

const settings = {
  bannerId: consentBannerId,
  answered: consentAnsweredEvent,
  cookie: consentCookieName,
  maxAge: consentCookieMaxAge,
  path: consentPath,
  submitAttribute: submitEventAttribute,
};

/** The inline script: this module's function, called with the settings and the cookie's two rules. */
export const consentScript = () => `(${runConsent})(${JSON.stringify(settings)},${consentCookieValue},${readConsentCookie})`;

/** Runs the banner on a page that did not run the inline script (a shop page reached from the back office). */
export const startConsent = () => runConsent(settings, consentCookieValue, readConsentCookie);

function runConsent(s: typeof settings, cookieValue: typeof consentCookieValue, readCookie: typeof readConsentCookie) {
  const page = window as ConsentPage;
  const answer = () => readCookie(document.cookie.match(`(?:^|; )${s.cookie}=([^;]*)`)?.[1]);
  const show = (open: boolean) => {
    const banner = document.getElementById(s.bannerId);
    if (banner) banner.hidden = !open;
    return banner?.querySelector("section");
  };
  const keep = (accepted: boolean, id: string | null) => {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${s.cookie}=${cookieValue(accepted, id)}; Path=/; Max-Age=${s.maxAge}; SameSite=Lax${secure}`;
  };
  const answerWith = async (accepted: boolean) => {
    // Withdrawn: the tags already running cannot be unloaded, so the page starts again without them.
    const withdrawn = answer()?.accepted === true && !accepted;
    show(false);
    keep(accepted, null);
    dispatchEvent(new Event(s.answered));
    const body = JSON.stringify({ choice: accepted ? "accepted" : "rejected" });
    const response = await fetch(s.path, { method: "POST", headers: { "Content-Type": "application/json" }, body }).catch(
      () => null,
    );
    if (response?.ok) keep(accepted, ((await response.json()) as { id: string }).id);
    if (withdrawn) location.reload();
  };
  if (!page.ktConsent) {
    page.ktEvents = [];
    document.addEventListener("click", (event) => {
      const target = event.target as Element;
      const choice = target.closest?.("[data-consent]")?.getAttribute("data-consent");
      if (choice) void answerWith(choice === "accept");
      else if (target.closest?.('a[href="#cookie-choices"]')) {
        event.preventDefault();
        show(true)?.focus();
      }
    });
    // A form's event waits here for the tags' code, which sends it on arrival (./tags.ts).
    document.addEventListener("submit", (event) => {
      const json = (event.target as Element).getAttribute(s.submitAttribute);
      if (json && answer()?.accepted) page.ktEvents!.push(JSON.parse(json) as CommerceEvent);
    });
    page.ktConsent = { answer, refresh: () => void show(!answer()) };
  }
  page.ktConsent.refresh();
}
