/**
 * A path on this site to return to after signing in, or "/" for anything else: absolute and
 * protocol-relative URLs (`https://…`, `//evil.com`), backslash tricks (`/\evil.com`, which
 * browsers read as `//evil.com`), control characters and non-strings are all refused.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  // Resolve it as a browser would; it must stay on the same origin.
  const base = "http://shop.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
