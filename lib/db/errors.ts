/** Whether a query failed on the named unique constraint (pg and PGlite errors, possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint: name } = cause as Error & { code?: string; constraint?: string };
    if (code === "23505") return name === constraint;
  }
  return false;
}

/**
 * Drizzle names a failed query's parameters in its error ("Failed query: …\nparams: …"): what
 * visitors typed (addresses, phone numbers) and secrets (session tokens, password hashes). This cuts
 * them from a message or stack, up to the stack's first frame; the SQL and the database's own
 * message stay.
 */
const redact = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, "\nparams: [not logged]");

/** `value` as it may be logged: a string or error (its causes too) without a failed query's parameters. */
export function withoutQueryParameters(value: unknown): unknown {
  if (typeof value === "string") return redact(value);
  if (!(value instanceof Error) || !namesQueryParameters(value)) return value;
  const copy = Object.assign(new Error(redact(value.message)), {
    name: value.name,
    stack: value.stack && redact(value.stack),
    cause: withoutQueryParameters(value.cause),
  });
  // Next's digest ties a logged error to the error page the visitor saw.
  if ("digest" in value) Object.assign(copy, { digest: value.digest });
  return copy;
}

function namesQueryParameters(error: Error): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes("\nparams: ")) return true;
  }
  return false;
}

/**
 * Passes everything the server logs as an error or warning (Next's own reports included) through
 * `withoutQueryParameters`. Called once, when the server starts.
 */
export function keepQueryParametersOutOfLogs(): void {
  for (const level of ["error", "warn"] as const) {
    const write = console[level];
    console[level] = (...args: unknown[]) => write(...args.map(withoutQueryParameters));
  }
}
