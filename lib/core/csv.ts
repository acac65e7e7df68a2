/**
 * CSV as spreadsheets and catalogs read it (RFC 4180: comma-separated, CRLF line ends, fields
 * quoted when they hold a comma, a quote or a line break, quotes doubled). Text someone typed is
 * never run as a formula by a spreadsheet: a cell starting with =, +, -, @ (or a tab or carriage
 * return) gets a leading single quote. Framework-free.
 */

/** One CSV field: text made formula-safe, then quoted when it must be. */
export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CRLF-terminated line of fields. */
export const csvLine = (values: (string | number)[]) => `${values.map(csvField).join(",")}\r\n`;
