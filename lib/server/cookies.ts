import "server-only";
import { consentCookieName } from "@/lib/analytics/consent-rules";
import { authBaseURL } from "@/lib/auth/config";

/**
 * Every cookie the shop sets, with its attributes. Better Auth sets the session cookie with
 * `cookieDefaults()` too; the shop adds no other cookie (no third-party ones either). After the
 * shopper accepts analytics, gtag.js and the Pixel set their own first-party ones (_ga, _fbp…).
 */
export const cookieNames = {
  /** A guest's cart: a random token whose hash the cart and the guest's orders keep. */
  guestCart: "kt_cart",
  /** The campaign link a shopper last came through, and when (lib/marketing/attribution.ts). */
  campaign: "kt_campaign",
  /** The outcome of a photo upload posted without JavaScript, shown once on the product page it returns to. */
  photoUpload: "kt_photo_upload",
  /** A new account's first pages: the header's viewer says "Check your e-mail" once (components/auth/CheckEmailNotice.tsx). */
  signedUp: "kt_signed_up",
  /** The cookie banner's answer, set and read by the browser only (components/analytics/ConsentBanner.tsx). */
  analyticsConsent: consentCookieName,
} as const;

/** Secure wherever the shop is served over HTTPS; plain HTTP (localhost) could not send it back. */
export function secureCookies(baseURL = authBaseURL()): boolean {
  return baseURL.startsWith("https://");
}

/** HttpOnly, first-party only, sent on top-level navigations from other sites (a shared link). */
export function cookieDefaults(baseURL = authBaseURL()) {
  return { httpOnly: true, sameSite: "lax", secure: secureCookies(baseURL), path: "/" } as const;
}

/** A plain upload's outcome lives just long enough for the redirect back to the product page. */
export const photoUploadCookie = { name: cookieNames.photoUpload, maxAge: 30, path: "/admin/products" } as const;

/** Long enough for the redirect after sign-up and the first page's viewer request, which clears it. */
export const signedUpCookie = { name: cookieNames.signedUp, maxAge: 300 } as const;

/** A guest's cart survives 90 days between visits. */
export const guestCartCookie = { name: cookieNames.guestCart, maxAge: 90 * 24 * 60 * 60 } as const;

/** One cookie's value from a request's `Cookie` header (for code that has headers, not the cookie store). */
export function findCookie(headers: Headers, name: string): string | undefined {
  for (const pair of headers.get("cookie")?.split(";") ?? []) {
    const [key, value] = pair.split("=", 2).map((part) => part.trim());
    if (key === name) return value;
  }
  return undefined;
}
