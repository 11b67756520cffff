// Sites from a CSV file, checked before anything is sent: which column is which (headers
// matched loosely, so a file this app exported reads back), what each row would create, and
// why a row cannot be imported. Pure: the dialog (ImportSitesDialog.vue) shows the preview
// and sends the Ready rows one by one.
//
// "Already present" compares addresses normalised (host lower-case, no trailing slash, the
// scheme ignored), against the account's sites and against the rows above in the same file,
// so importing the same file twice creates nothing twice.
import type { NewSite, Site, Tag } from '../../../shared'
import { parseCsv, restoreFormula } from './csv'
import { isHttpUrl } from './validate'

export type ImportField = 'name' | 'url' | 'adminUrl' | 'tags' | 'notes'

/** The server's limits (reference server and core's schema): longer values are refused there. */
export const LIMITS = { name: 255, url: 255, adminUrl: 255, notes: 10_000, tag: 255 } as const
/** A file of more rows than this is almost certainly not a list of sites to create by hand. */
export const MAX_ROWS = 5000

// Header words, compared without case, spaces, dashes or underscores ("Admin URL" = admin_url).
const HEADERS: Record<string, ImportField> = {
  name: 'name',
  sitename: 'name',
  url: 'url',
  address: 'url',
  siteurl: 'url',
  adminurl: 'adminUrl',
  adminaddress: 'adminUrl',
  tags: 'tags',
  tag: 'tags',
  notes: 'notes',
  note: 'notes',
}

const squash = (header: string) => header.trim().toLowerCase().replace(/[\s_-]+/g, '')

export interface ColumnMap {
  /** Field -> column index in the file. */
  columns: Partial<Record<ImportField, number>>
  /** Headers that name none of the fields; their columns are left out. */
  ignored: string[]
}

export function mapColumns(header: readonly string[]): ColumnMap {
  const columns: Partial<Record<ImportField, number>> = {}
  const ignored: string[] = []
  header.forEach((raw, index) => {
    const field = HEADERS[squash(raw)]
    if (field && columns[field] === undefined) columns[field] = index
    else if (raw.trim() !== '') ignored.push(raw.trim())
  })
  return { columns, ignored }
}

/** One data row as written in the file. */
export interface ImportRecord {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  line: number
  name: string
  url: string
  adminUrl: string
  tagNames: string[]
  notes: string
}

export interface ReadImport {
  records: ImportRecord[]
  ignoredColumns: string[]
  /** Why nothing can be imported from the file, or null. */
  fileError: string | null
  /** Problems of the CSV itself (an unclosed quote, a short row), shown above the preview. */
  warnings: string[]
}

/** Tag names of a cell: "Shop; VIP" or "Shop, VIP"; blanks and repeats dropped (case-insensitive). */
export function splitTags(cell: string): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const part of cell.split(/[;,]/)) {
    const name = part.trim()
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase())
      names.push(name)
    }
  }
  return names
}

export function readImport(text: string): ReadImport {
  const parsed = parseCsv(text)
  const [header, ...rows] = parsed.records
  const empty = { records: [], ignoredColumns: [], warnings: parsed.errors }
  if (!header) return { ...empty, fileError: 'The file is empty.' }
  const { columns, ignored } = mapColumns(header)
  if (columns.name === undefined || columns.url === undefined) {
    const missing = [columns.name === undefined ? '"name"' : null, columns.url === undefined ? '"url" (or "address")' : null].filter(Boolean)
    return {
      ...empty,
      ignoredColumns: ignored,
      fileError: `The first row must name the columns, with at least ${missing.join(' and ')}. Found: ${header.map((h) => h.trim()).filter(Boolean).join(', ') || 'nothing'}.`,
    }
  }
  if (rows.length === 0) return { ...empty, ignoredColumns: ignored, fileError: 'The file has a header row but no sites.' }
  if (rows.length > MAX_ROWS) {
    return { ...empty, ignoredColumns: ignored, fileError: `The file has ${rows.length} rows; at most ${MAX_ROWS} can be imported at once. Split it into smaller files.` }
  }
  const cell = (row: readonly string[], field: ImportField) => {
    const index = columns[field]
    return index === undefined ? '' : restoreFormula((row[index] ?? '').trim())
  }
  const records = rows.map((row, i) => ({
    line: i + 2,
    name: cell(row, 'name'),
    url: cell(row, 'url'),
    adminUrl: cell(row, 'adminUrl'),
    tagNames: splitTags(cell(row, 'tags')),
    notes: cell(row, 'notes'),
  }))
  return { records, ignoredColumns: ignored, fileError: null, warnings: parsed.errors }
}

/** The same site however the address was written: host lower-case, no trailing slash, no scheme. */
export function addressKey(url: string): string {
  try {
    const parsed = new URL(url.trim())
    const path = parsed.pathname.replace(/\/+$/, '')
    return `${parsed.host.toLowerCase()}${path}${parsed.search}`
  } catch {
    return url.trim().toLowerCase().replace(/\/+$/, '')
  }
}

/** "shop.example.com" or "shop.example.com/path": what the form would turn into https://…. */
export function bareHostFix(value: string): string | null {
  const text = value.trim()
  // "host:8080" is a host with a port; "mailto:…" or "ftp:…" is another scheme.
  if (text === '' || /\s/.test(text) || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null
  const candidate = `https://${text.replace(/^\/\//, '')}`
  if (!isHttpUrl(candidate)) return null
  const host = new URL(candidate).hostname
  // A host people type has a dot (or is localhost); "hello" alone is not an address.
  return host.includes('.') || host === 'localhost' ? candidate : null
}

export type RowStatus = 'ready' | 'invalid' | 'present'

export interface PreviewRow extends ImportRecord {
  status: RowStatus
  /** Why the row is Invalid or Already present, as sentences. */
  problems: string[]
  /** The https:// form of a bare host in url / admin url, offered instead of the text. */
  fixes: Partial<Record<'url' | 'adminUrl', string>>
}

export interface ImportContext {
  sites: readonly Site[]
  tags: readonly Tag[]
}

function checkAddress(value: string, label: string, max: number): { problem: string | null; fix: string | null } {
  if (value.length > max) return { problem: `${label} is too long (${value.length} characters; at most ${max}).`, fix: null }
  if (isHttpUrl(value)) return { problem: null, fix: null }
  const fix = bareHostFix(value)
  return {
    problem: fix ? `${label} needs http:// or https:// (${fix}?).` : `${label} "${value}" is not an http(s) address.`,
    fix: fix && fix.length <= max ? fix : null,
  }
}

/**
 * Every row with its status. `records` should already carry any fix the person accepted
 * (applyFixes); rows are checked top to bottom, so of two rows with one address the first is
 * Ready and the second Already present.
 */
export function previewImport(records: readonly ImportRecord[], context: ImportContext): PreviewRow[] {
  const existing = new Map(context.sites.map((s) => [addressKey(s.url), s]))
  const inFile = new Map<string, number>()
  return records.map((record) => {
    const problems: string[] = []
    const fixes: PreviewRow['fixes'] = {}
    if (record.name === '') problems.push('Name is missing.')
    else if (record.name.length > LIMITS.name) problems.push(`Name is too long (${record.name.length} characters; at most ${LIMITS.name}).`)
    if (record.url === '') problems.push('Address is missing.')
    else {
      const { problem, fix } = checkAddress(record.url, 'Address', LIMITS.url)
      if (problem) problems.push(problem)
      if (fix) fixes.url = fix
    }
    if (record.adminUrl !== '') {
      const { problem, fix } = checkAddress(record.adminUrl, 'Admin address', LIMITS.adminUrl)
      if (problem) problems.push(problem)
      if (fix) fixes.adminUrl = fix
    }
    if (record.notes.length > LIMITS.notes) problems.push(`Notes are too long (${record.notes.length} characters; at most ${LIMITS.notes}).`)
    const longTag = record.tagNames.find((t) => t.length > LIMITS.tag)
    if (longTag) problems.push(`A tag name is too long (at most ${LIMITS.tag} characters).`)
    if (problems.length > 0) return { ...record, status: 'invalid', problems, fixes }

    const key = addressKey(record.url)
    const site = existing.get(key)
    if (site) return { ...record, status: 'present', problems: [`Already in the account as "${site.name}".`], fixes }
    const earlier = inFile.get(key)
    if (earlier !== undefined) return { ...record, status: 'present', problems: [`Same address as row ${earlier} above.`], fixes }
    inFile.set(key, record.line)
    return { ...record, status: 'ready', problems: [], fixes }
  })
}

/** The records with the https:// fixes of the given rows (by line) put in. */
export function applyFixes(records: readonly ImportRecord[], rows: readonly PreviewRow[], lines: ReadonlySet<number>): ImportRecord[] {
  const byLine = new Map(rows.map((r) => [r.line, r]))
  return records.map((record) => {
    const fixes = lines.has(record.line) ? byLine.get(record.line)?.fixes : undefined
    if (!fixes || (!fixes.url && !fixes.adminUrl)) return record
    return { ...record, url: fixes.url ?? record.url, adminUrl: fixes.adminUrl ?? record.adminUrl }
  })
}

/** Tag names the Ready rows use that the account does not have yet (matched without case), each once. */
export function missingTagNames(rows: readonly PreviewRow[], tags: readonly Tag[]): string[] {
  const known = new Set(tags.map((t) => t.name.toLowerCase()))
  const missing = new Map<string, string>()
  for (const row of rows) {
    if (row.status !== 'ready') continue
    for (const name of row.tagNames) if (!known.has(name.toLowerCase()) && !missing.has(name.toLowerCase())) missing.set(name.toLowerCase(), name)
  }
  return [...missing.values()]
}

/** The request body for a Ready row; its tags by id from `tags` (which must hold them all by then). */
export function newSiteOf(row: ImportRecord, tags: readonly Tag[]): NewSite {
  const ids = new Map(tags.map((t) => [t.name.toLowerCase(), t.id]))
  const site: NewSite = { name: row.name, url: row.url }
  if (row.adminUrl) site.admin_url = row.adminUrl
  if (row.notes) site.notes = row.notes
  const tagIds = row.tagNames.map((n) => ids.get(n.toLowerCase())).filter((id): id is number => id !== undefined)
  if (tagIds.length > 0) site.tags = [...new Set(tagIds)]
  return site
}

export function countByStatus(rows: readonly PreviewRow[]): Record<RowStatus, number> {
  const counts: Record<RowStatus, number> = { ready: 0, invalid: 0, present: 0 }
  for (const row of rows) counts[row.status] += 1
  return counts
}
