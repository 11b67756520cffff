// The rows of a scope of several accounts as a file: the Account column first, then the
// columns shown, as lib/export-sites.ts writes one account's (CSV with the labels as header;
// JSON objects by field key with the site's own id and its account, since two accounts may
// share an id).
import { toCsv } from './csv'
import { ACCOUNT_FIELD_LABEL, SITE_FIELDS, type TableFieldKey } from './site-fields'
import type { SiteRow } from '../../../shared/sites-query'

export type ScopeExportFormat = 'csv' | 'json'

/** An account's label by id. */
export type AccountLabel = (accountId: string) => string

function cell(row: SiteRow, key: TableFieldKey, label: AccountLabel): string {
  return key === 'account' ? label(row.accountId) : SITE_FIELDS[key].text(row.site)
}

export function scopeSitesToCsv(rows: readonly SiteRow[], keys: readonly TableFieldKey[], label: AccountLabel): string {
  return toCsv(
    keys.map((key) => (key === 'account' ? ACCOUNT_FIELD_LABEL : SITE_FIELDS[key].label)),
    rows.map((row) => keys.map((key) => cell(row, key, label))),
  )
}

export function scopeSitesToJson(rows: readonly SiteRow[], keys: readonly TableFieldKey[], label: AccountLabel): string {
  const objects = rows.map((row) => {
    const object: Record<string, string | number> = { id: row.site.id, account: label(row.accountId), accountId: row.accountId }
    for (const key of keys) if (key !== 'account') object[key] = cell(row, key, label)
    return object
  })
  return JSON.stringify(objects, null, 2) + '\n'
}

export function exportScopeSites(rows: readonly SiteRow[], keys: readonly TableFieldKey[], format: ScopeExportFormat, label: AccountLabel): string {
  return format === 'csv' ? scopeSitesToCsv(rows, keys, label) : scopeSitesToJson(rows, keys, label)
}
