/**
 * Reads an uploaded catalog spreadsheet with csv-parse: UTF-8 (a BOM or none), a comma or a
 * semicolon between fields (Excel writes semicolons where the decimal mark is a comma), the columns
 * named in the first row in any order and any case. Framework-free.
 */
import { parse } from "csv-parse/sync";
import { MAX_SHEET_ROWS, sheetColumns, type SheetColumn, type SheetProblem } from "./sheet-rules";

/** One data row: its number as the spreadsheet shows it (the header is row 1) and its cells, trimmed. */
export type SheetRow = { row: number; cells: Record<SheetColumn, string> };

export type ReadSheet = { ok: true; rows: SheetRow[] } | { ok: false; problem: SheetProblem };

export function readSheet(bytes: Uint8Array): ReadSheet {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, problem: { error: "notUtf8" } };
  }
  let records: string[][];
  try {
    records = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false });
  } catch {
    return { ok: false, problem: { error: "notCsv" } };
  }
  const [header, ...body] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  if (!names.some((name) => (sheetColumns as readonly string[]).includes(name)))
    return { ok: false, problem: { error: "noHeader" } };
  const absent = sheetColumns.filter((column) => !names.includes(column));
  if (absent.length > 0) return { ok: false, problem: { missing: absent } };
  if (body.length > MAX_SHEET_ROWS) return { ok: false, problem: { error: "tooManyRows" } };

  const at = Object.fromEntries(sheetColumns.map((column) => [column, names.indexOf(column)])) as Record<SheetColumn, number>;
  const rows: SheetRow[] = [];
  body.forEach((record, index) => {
    // A blank line, or a row of empty cells a spreadsheet left after the data, is no row.
    if (record.every((cell) => cell.trim() === "")) return;
    const cells = Object.fromEntries(sheetColumns.map((column) => [column, clean(record[at[column]])]));
    rows.push({ row: index + 2, cells: cells as Record<SheetColumn, string> });
  });
  return { ok: true, rows };
}

/** The header row's separator: the one it holds more of (column names hold neither). */
function delimiterOf(text: string): "," | ";" {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const count = (separator: string) => header.split(separator).length;
  return count(";") > count(",") ? ";" : ",";
}

/**
 * A cell's text, trimmed, without control characters; a leading single quote that the export put
 * before a formula-looking cell (lib/core/csv.ts) is taken off again.
 */
function clean(cell: string | undefined): string {
  const text = (cell ?? "").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
