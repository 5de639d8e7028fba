import Papa from 'papaparse';

/** Cells a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) get a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;
const BOM = '\uFEFF';

/**
 * A table as Excel opens it correctly: UTF-8 with a byte order mark (so names keep their macrons
 * and accents), CRLF lines, formula cells neutralised. Every export of personal data for staff
 * goes through it.
 */
export function excelCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + Papa.unparse({ fields: [...fields], data: rows.map((row) => [...row]) }, { escapeFormulae: FORMULA, newline: '\r\n' });
}
