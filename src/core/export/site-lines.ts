// The sites of an export as the lines of its file, one row at a time: CSV with the columns'
// labels as the header, or JSON objects keyed by field with the site's own id (and, in a scope
// of several accounts, its account: two accounts may share an id). The text of a cell is the
// field's own (shared/site-fields.ts), as the table shows it.
import { ACCOUNT_FIELD_LABEL, HEALTH_FIELD_LABEL, SITE_FIELDS, csvRecord, type ExportFormat, type SiteRow, type TableFieldKey } from '../../shared'

export interface SiteLinesOptions {
  columns: readonly TableFieldKey[]
  format: ExportFormat
  /** An account's label by id (the Account column). */
  accountLabel: (accountId: string) => string
  /** The scope has several accounts: each JSON object names its account. */
  severalAccounts: boolean
}

function cell(row: SiteRow, key: TableFieldKey, accountLabel: (accountId: string) => string): string {
  if (key === 'account') return accountLabel(row.accountId)
  // The row's findings in a few words each, worst first ("Down; PHP 7.4 without security fixes since 28 Nov 2022").
  if (key === 'health') return (row.health ?? []).map((finding) => finding.label).join('; ')
  return SITE_FIELDS[key].text(row.site)
}

/** `JSON.stringify(value, null, 2)` of an element of a top-level array: indented one level. */
function arrayElement(value: unknown): string {
  return `  ${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')}`
}

/** The file's text in pieces: the header (CSV) or opening bracket (JSON), each row, the end. */
export function* siteLines(rows: Iterable<SiteRow>, options: SiteLinesOptions): Generator<string> {
  const { columns, accountLabel } = options
  if (options.format === 'csv') {
    yield csvRecord(columns.map((key) => (key === 'account' ? ACCOUNT_FIELD_LABEL : key === 'health' ? HEALTH_FIELD_LABEL : SITE_FIELDS[key].label)))
    for (const row of rows) yield csvRecord(columns.map((key) => cell(row, key, accountLabel)))
    return
  }
  let first = true
  for (const row of rows) {
    const object: Record<string, string | number> = { id: row.site.id }
    if (options.severalAccounts) Object.assign(object, { account: accountLabel(row.accountId), accountId: row.accountId })
    for (const key of columns) object[key] = cell(row, key, accountLabel)
    yield `${first ? '[\n' : ',\n'}${arrayElement(object)}`
    first = false
  }
  yield first ? '[]\n' : '\n]\n'
}
