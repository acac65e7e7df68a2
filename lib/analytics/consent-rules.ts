// The cookie banner's rules, shared by the browser (components/analytics/) and the server: no zod
// and nothing server-only here, so the banner's script stays small.

/** The first-party cookie that keeps the shopper's answer: read by the browser only, so pages stay cached alike. */
export const consentCookieName = "kt_consent";

/** Asked again after about six months. */
export const consentCookieMaxAge = 182 * 24 * 60 * 60;

/** The banner's wording, versioned: each record keeps the version its shopper answered. */
export const consentWording = {
  version: 1,
  text: "May we use Google Analytics and the Meta Pixel to measure which ads and links bring you here? They set cookies of their own.",
  accept: "Accept",
  reject: "Reject",
  /** The footer's link that opens the banner again. */
  reopen: "Cookie choices",
};

/** The banner's element, which its script shows and hides (components/analytics/consent-script.ts). */
export const consentBannerId = "cookie-banner";

/** The window event an answer fires: the tags load on 'Accept'. */
export const consentAnsweredEvent = "kt-consent";

/** Where the banner posts its answer. */
export const consentPath = "/api/consent";

/** Parsing an answer: 'a' accepted, 'r' rejected (the cookie's first letter). */
export type ConsentAnswer = { accepted: boolean; id: string | null };

/** The cookie's value: `a.<record id>` or `r.<record id>` (no id when the record could not be stored). */
export function consentCookieValue(accepted: boolean, id: string | null): string {
  return `${accepted ? "a" : "r"}${id ? `.${id}` : ""}`;
}

/** The answer a cookie value holds; null when none (never answered, or a value the shop never wrote). */
export function readConsentCookie(value: string | undefined): ConsentAnswer | null {
  const match = /^([ar])(?:\.([0-9a-f-]{36}))?$/.exec(value ?? "");
  return match ? { accepted: match[1] === "a", id: match[2] ?? null } : null;
}
