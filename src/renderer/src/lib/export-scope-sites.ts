// The All accounts scope's rows as a file: the Account column first, then the columns shown,
// as lib/export-sites.ts writes one account's (CSV with the labels as header; JSON objects by
// field key with the site's own id and its account, since two accounts may share an id).
import { toCsv } from './csv'
import { accountLabelOf, siteRefOf } from './account-rows'
import { tableField, type TableFieldKey } from './site-fields'
import type { Site } from '../../../shared'

export type ScopeExportFormat = 'csv' | 'json'

export function scopeSitesToCsv(sites: readonly Site[], keys: readonly TableFieldKey[]): string {
  return toCsv(
    keys.map((key) => tableField(key).label),
    sites.map((site) => keys.map((key) => tableField(key).text(site))),
  )
}

export function scopeSitesToJson(sites: readonly Site[], keys: readonly TableFieldKey[]): string {
  const objects = sites.map((site) => {
    const ref = siteRefOf(site, null)
    const object: Record<string, string | number> = { id: ref.siteId, account: accountLabelOf(site) }
    if (ref.accountId) object.accountId = ref.accountId
    for (const key of keys) if (key !== 'account') object[key] = tableField(key).text(site)
    return object
  })
  return JSON.stringify(objects, null, 2) + '\n'
}

export function exportScopeSites(sites: readonly Site[], keys: readonly TableFieldKey[], format: ScopeExportFormat): string {
  return format === 'csv' ? scopeSitesToCsv(sites, keys) : scopeSitesToJson(sites, keys)
}
