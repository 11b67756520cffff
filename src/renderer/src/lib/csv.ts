// CSV in and out, through papaparse, the way spreadsheets expect it: RFC 4180 (CRLF between
// records, a field quoted only when it holds a comma, a quote or a line break, quotes doubled),
// no byte-order mark on write, one stripped on read. A cell that a spreadsheet would run as a
// formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so an
// exported site name such as "=HYPERLINK(…)" shows as text instead of running (OWASP's advice
// against CSV injection).
import Papa from 'papaparse'

const FORMULA_START = /^[=+\-@\t\r]/

/** The cell as a spreadsheet will show it as text: formula-like values get a leading apostrophe. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** Undoes neutraliseFormula on import: "'=x" read back is "=x"; other apostrophes stay. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell
}

/** A CSV document: the header row, then one record per row; every cell neutralised. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const records = [header, ...rows].map((row) => row.map(neutraliseFormula))
  // quotes: false quotes only where needed; escapeFormulae off because it is done above.
  return Papa.unparse(records, { quotes: false, newline: '\r\n', header: false, escapeFormulae: false }) + '\r\n'
}

export interface ParsedCsv {
  /** Every non-blank record, the header first, cells as written (not trimmed). */
  records: string[][]
  /** Problems papaparse found, as sentences with the row they are on. */
  errors: string[]
}

/** Reads a CSV document; the delimiter (comma, semicolon, tab) is detected as spreadsheets vary. */
export function parseCsv(text: string): ParsedCsv {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const parsed = Papa.parse<string[]>(source, {
    header: false,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  })
  const errors = parsed.errors
    // A single-column file has nothing to detect; that is not a problem for the person.
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) => (e.row === undefined ? e.message : `Row ${e.row + 1}: ${e.message}`))
  return { records: parsed.data, errors }
}
