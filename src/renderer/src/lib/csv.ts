// CSV in, for the import, through papaparse, the way spreadsheets write it: a byte-order mark
// stripped, the delimiter (comma, semicolon, tab) detected. Exports are written by core
// (shared/csv.ts holds the writing and the formula guard, whose apostrophe restoreFormula takes
// off again here).
import Papa from 'papaparse'

export { restoreFormula } from '../../../shared/csv'

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
