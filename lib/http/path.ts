/**
 * Whether a request's path (as sent, percent-escapes and all) is one no route can answer: a
 * malformed percent-escape, which Next.js fails to decode into a route's parameters with a 500, or
 * a NUL byte, which PostgreSQL refuses. Framework-free, for proxy.ts.
 */
export function isHostilePath(pathname: string): boolean {
  try {
    return decodeURIComponent(pathname).includes("\0");
  } catch {
    return true;
  }
}
