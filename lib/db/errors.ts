/** Whether a query failed on the named unique constraint (pg and PGlite errors, possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint: name } = cause as Error & { code?: string; constraint?: string };
    if (code === "23505") return name === constraint;
  }
  return false;
}
