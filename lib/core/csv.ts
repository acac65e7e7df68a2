/**
 * CSV as spreadsheets and catalogs read it, written by csv-stringify (RFC 4180: comma-separated,
 * CRLF line ends, fields quoted when they hold a comma, a quote or a line break, quotes doubled).
 * Text someone typed is never run as a formula by a spreadsheet: a cell starting with =, +, -, @
 * (or a tab or carriage return) gets a leading single quote. Framework-free.
 */
import { stringify } from "csv-stringify/sync";

type Cell = string | number;

/** What Excel and LibreOffice read as "this file is UTF-8": put it before a file's first line. */
export const byteOrderMark = "\uFEFF";

/** A cell a spreadsheet would run as a formula gets a leading single quote. */
const formulaSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** CRLF-terminated lines of fields, each text made formula-safe, then quoted when it must be. */
export function csvLines(rows: Cell[][]): string {
  // A lone CR or LF is quoted too: csv-stringify quotes only its record delimiter (CRLF) by itself.
  return stringify(rows, { record_delimiter: "windows", quoted_match: /[\r\n]/, cast: { string: formulaSafe } });
}

/** One CRLF-terminated line of fields. */
export const csvLine = (values: Cell[]) => csvLines([values]);

/** One CSV field, as csvLine writes it. */
export const csvField = (value: Cell) => csvLine([value]).slice(0, -2);
