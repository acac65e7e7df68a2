/**
 * A path on this site to return to after signing in, or "/" for anything else. The input is
 * resolved as a browser would, and the check is made on what comes out, since that is what the
 * redirect uses: `/..//evil.example` or `/%2e//evil.example` resolve to `//evil.example`, a link to
 * another site. Absolute and protocol-relative URLs, backslashes (which browsers read as slashes),
 * encoded slashes, control characters and non-strings are all refused.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || hasUnsafeCharacter(value)) return "/";
  const path = resolved(value);
  return path !== null && isPlainLocalPath(path) && resolved(path) === path ? path : "/";
}

const base = "http://shop.invalid";

/** The path, query and fragment a browser would go to from this site, or null off the site. */
function resolved(value: string): string | null {
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** One leading slash, and nothing a browser or a proxy might read as another host or path. */
function isPlainLocalPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0];
  return (
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !hasUnsafeCharacter(path) &&
    // Encoded slashes, backslashes and control characters: a server that decodes them sees another path.
    !/%(2f|5c|[01][0-9a-f]|7f)/i.test(pathname)
  );
}

/** Backslashes and control characters, which URL parsers drop or turn into slashes. */
const hasUnsafeCharacter = (value: string) => /[\\\u0000-\u001f\u007f]/.test(value);
