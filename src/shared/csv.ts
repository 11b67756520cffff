// CSV as spreadsheets expect it, written by core's exports: RFC 4180 (CRLF after every record,
// a field quoted only when it holds a comma, a quote, a line break or an edge space, quotes
// doubled), no byte-order mark. A cell that a spreadsheet would run as a formula (starting with
// = + - @, a tab or a carriage return) gets a leading apostrophe, so an exported site name such
// as "=HYPERLINK(…)" shows as text instead of running (OWASP's advice against CSV injection);
// the import (renderer/lib/csv.ts) takes it off again with restoreFormula.

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]|^ | $/

/** The cell as a spreadsheet will show it as text: formula-like values get a leading apostrophe. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** Undoes neutraliseFormula on import: "'=x" read back is "=x"; other apostrophes stay. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

function field(cell: string): string {
  const text = neutraliseFormula(cell)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record of a CSV file, CRLF included; every cell neutralised. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(field).join(',')}\r\n`
}
