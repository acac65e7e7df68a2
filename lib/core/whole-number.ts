/** The range a whole number must fall in; a sign may be written only when `min` is below zero. */
export type WholeNumberLimits = { min: number; max: number };

/**
 * A whole number from untrusted input (a form field, a query parameter, a cookie): digits only, or
 * already a safe integer, within the limits; anything else (decimals, exponents, spaces) is null.
 */
export function parseWholeNumber(value: unknown, limits: WholeNumberLimits): number | null {
  const number = wholeNumberOf(value, limits.min < 0);
  return number !== null && number >= limits.min && number <= limits.max ? number : null;
}

/** Like parseWholeNumber, but a number out of range is moved to its nearest limit (a page past the last one). */
export function clampWholeNumber(value: unknown, limits: WholeNumberLimits, fallback: number): number {
  const number = wholeNumberOf(value, limits.min < 0);
  return number === null ? fallback : Math.min(Math.max(number, limits.min), limits.max);
}

function wholeNumberOf(value: unknown, signed: boolean): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string" || !(signed ? /^[+-]?\d+$/ : /^\d+$/).test(value)) return null;
  // Digits past a safe integer lose precision but stay above any limit, so they compare correctly.
  return Number(value);
}
