/**
 * CSV as spreadsheets read it (RFC 4180): fields joined by commas, rows by CRLF; a field with a comma,
 * a quote, a line break or spaces at its ends is quoted, its quotes doubled. Text a spreadsheet would
 * run as a formula (starting with =, +, -, @, or a tab or CR) gets a leading apostrophe, so a dish
 * called "=HYPERLINK(…)" stays text; numbers are written as they are.
 */

/** The byte order mark that tells Excel the file is UTF-8 (without it, Chinese reads as mojibake). */
export const UTF8_BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(",");
}

/** Rows as one CSV text, each row ended by CRLF. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${csvRow(row)}\r\n`).join("");
}
