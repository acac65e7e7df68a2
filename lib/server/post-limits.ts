import { backOfficeSections } from "@/lib/admin/sections";

/**
 * The most a POST may carry unless it is an upload below: a server action's own limit (Next.js's
 * default `bodySizeLimit`, 1 MB), which no form of the shop comes near. proxy.ts refuses a larger
 * one from its Content-Length, before its body is read.
 */
export const POST_BODY_MAX_BYTES = 1024 * 1024;

/**
 * The routes that take an upload, larger than that, and only from a signed-in visitor. Each checks
 * the role itself and refuses a body over its own cap with its own message (photos and slides:
 * lib/photos/rules.ts MAX_UPLOAD_REQUEST_BYTES, which next.config.ts lets Next.js's proxy buffer).
 * A new upload route (the catalog's CSV import, say) is added here; one under /api/ caps its body
 * with lib/http/body.ts readBodyAtMost instead, since proxy.ts does not run there.
 */
export const uploadPaths: readonly RegExp[] = [
  new RegExp(`^${backOfficeSections.products.path}/\\d+/photos$`),
  new RegExp(`^${backOfficeSections.promotions.path}/slides$`),
  new RegExp(`^${backOfficeSections.products.path}/import/preview$`),
];

/**
 * What a POST's headers say of its body: "fits", "upload" (larger than POST_BODY_MAX_BYTES, to an
 * upload route: it fits only if the visitor is signed in) or "too large". A Content-Length that is
 * not a length reads as too large.
 */
export function postBodyFit(pathname: string, contentLength: string | null): "fits" | "upload" | "too large" {
  if (contentLength === null) return "fits";
  const length = /^\d{1,15}$/.test(contentLength.trim()) ? Number(contentLength) : Infinity;
  if (length <= POST_BODY_MAX_BYTES) return "fits";
  return uploadPaths.some((path) => path.test(pathname)) ? "upload" : "too large";
}
