/** A database id: a whole number from 1 to 2^31 - 1 (a number, or digits as sent by a form), else null. */
export function parseId(value: unknown): number | null {
  const id = parseWhole(value);
  return id !== null && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A whole number from a number or a string of digits (as a form sends it), else null. */
export function parseWhole(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}
