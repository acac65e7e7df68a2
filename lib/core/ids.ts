import { parseWholeNumber } from "./whole-number";

/** A database id: a whole number from 1 to 2^31 - 1 (a number, or digits as sent by a form), else null. */
export function parseId(value: unknown): number | null {
  return parseWholeNumber(value, { min: 1, max: 2_147_483_647 });
}
