// Sites as a file: the columns the person sees (field keys of SITE_FIELDS, in their order),
// as CSV (the fields' labels as the header row) or JSON (objects keyed by field key, plus the
// site's id, so a program can tell two sites of the same name apart). Pure: the menu that
// saves the file is ExportMenu.vue.
import type { Site } from '../../../shared'
import { toCsv } from './csv'
import { SITE_FIELDS, type SiteFieldKey } from './site-fields'

export type ExportFormat = 'csv' | 'json'

export function sitesToCsv(sites: readonly Site[], keys: readonly SiteFieldKey[]): string {
  const header = keys.map((key) => SITE_FIELDS[key].label)
  return toCsv(header, sites.map((site) => keys.map((key) => SITE_FIELDS[key].text(site))))
}

export function sitesToJson(sites: readonly Site[], keys: readonly SiteFieldKey[]): string {
  const objects = sites.map((site) => {
    const object: Record<string, string | number> = { id: site.id }
    for (const key of keys) object[key] = SITE_FIELDS[key].text(site)
    return object
  })
  return JSON.stringify(objects, null, 2) + '\n'
}

export function exportSites(sites: readonly Site[], keys: readonly SiteFieldKey[], format: ExportFormat): string {
  return format === 'csv' ? sitesToCsv(sites, keys) : sitesToJson(sites, keys)
}

/** The local calendar day as yyyy-mm-dd: the day the person sees on their clock. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/**
 * A name that is safe as a file name on every system: letters and digits of any script kept,
 * everything else (slashes, colons, spaces, dots) folded into single dashes.
 */
export function fileNamePart(text: string): string {
  const part = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return part || 'account'
}

/** "sites-agency-2026-11-23.csv" */
export function exportFileName(accountLabel: string, format: ExportFormat, at: Date = new Date()): string {
  return `sites-${fileNamePart(accountLabel)}-${localDay(at)}.${format}`
}
