// Plain-text output helpers: aligned tables and human-readable numbers.

/** KB here is 1024 bytes, as in the budgets ("10 KB" = 10240 bytes). */
export const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
export const bytesAndKb = (bytes) => `${kb(bytes)} (${bytes.toLocaleString('en-GB')} B)`;
export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

/**
 * An aligned table, indented by two spaces. Columns whose cells all start with a digit are
 * right-aligned, so figures line up.
 * @param {string[]} headers
 * @param {string[][]} rows
 */
export function table(headers, rows) {
  const numeric = headers.map((_, c) => rows.length > 0 && rows.every((r) => /^[\d.,\s–-]/.test(r[c] ?? '')));
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells) =>
    '  ' +
    cells
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(headers), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
