// Sites from a CSV file, checked before anything is sent: which column is which (headers
// matched loosely, so a file this app exported reads back), what each row would create, and
// why a row cannot be imported. Pure: the dialog (ImportSitesDialog.vue) shows the preview
// and sends the Ready rows one by one.
//
// "Already present" compares addresses normalised (host lower-case, no trailing slash, the
// scheme ignored), against the account's sites and against the rows above in the same file,
// so importing the same file twice creates nothing twice.
//
// What a row must be to be Ready is the app's one New site schema (shared/new-site.ts), the one
// the form and core check with; the sentences are this preview's own, written for a table of
// rows ("Name is missing.", an offer of https:// for a bare host).
import { isWebAddress, suggestWebAddress, type NewSite, type Site, type Tag } from '../../../shared'
import { characterCount, NEW_SITE_LIMITS, newSiteSchema, TAG_NAME_MAX, type NewSiteField } from '../../../shared/new-site'
import { parseCsv, restoreFormula } from './csv'
import { addressKey as draftAddressKey } from './site-draft'

export type ImportField = 'name' | 'url' | 'adminUrl' | 'tags' | 'notes'

/** The New site schema's limits (shared/new-site.ts), by import field: longer values are refused. */
export const LIMITS = {
  name: NEW_SITE_LIMITS.name,
  url: NEW_SITE_LIMITS.url,
  adminUrl: NEW_SITE_LIMITS.admin_url,
  notes: NEW_SITE_LIMITS.notes,
  tag: TAG_NAME_MAX,
} as const
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
  // The form's key (site-draft.ts), so the form and the import find the same twins; text that
  // is no address at all still compares with itself.
  return draftAddressKey(url) ?? url.trim().toLowerCase()
}

/** "shop.example.com" or "shop.example.com/path": what the form would turn into https://…. */
export function bareHostFix(value: string): string | null {
  const fix = suggestWebAddress(value)
  if (!fix) return null
  // In a file, a host has a dot (or is localhost): "hello" alone in a cell is not an address.
  const host = new URL(fix).hostname
  return host.includes('.') || host === 'localhost' ? fix : null
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

type CheckedField = Extract<NewSiteField, 'name' | 'url' | 'admin_url' | 'notes'>

const LABELS: Record<CheckedField, string> = { name: 'Name', url: 'Address', admin_url: 'Admin address', notes: 'Notes' }
const isCheckedField = (key: PropertyKey): key is CheckedField => typeof key === 'string' && Object.hasOwn(LABELS, key)

/** The request body a row would send, but for its tags (names here, ids only once created). */
function bodyOf(record: ImportRecord): NewSite {
  const site: NewSite = { name: record.name, url: record.url }
  if (record.adminUrl) site.admin_url = record.adminUrl
  if (record.notes) site.notes = record.notes
  return site
}

/** The row's problem with one field, as this preview words it; `message` is the schema's. */
function problemOf(field: CheckedField, value: string, message: string): string {
  const label = LABELS[field]
  if (value.trim() === '') return `${label} is missing.`
  const isAddress = field === 'url' || field === 'admin_url'
  if (isAddress && !isWebAddress(value.trim()) && characterCount(value) <= NEW_SITE_LIMITS[field]) {
    const fix = bareHostFix(value)
    return fix ? `${label} needs http:// or https:// (${fix}?).` : `${label} "${value}" is not an http(s) address.`
  }
  return `${label} ${message}.`
}

/** Problems of a row by the New site schema, one per field, with the https:// fixes it may take. */
function checkRow(record: ImportRecord): { problems: string[]; fixes: PreviewRow['fixes'] } {
  const fixes: PreviewRow['fixes'] = {}
  const result = newSiteSchema.safeParse(bodyOf(record))
  if (result.success) return { problems: [], fixes }
  const values: Record<CheckedField, string> = { name: record.name, url: record.url, admin_url: record.adminUrl, notes: record.notes }
  const problems = new Map<CheckedField, string>()
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (field === undefined || !isCheckedField(field) || problems.has(field)) continue
    problems.set(field, problemOf(field, values[field], issue.message))
  }
  for (const [field, fixField] of [['url', 'url'], ['admin_url', 'adminUrl']] as const) {
    if (!problems.has(field)) continue
    const fix = bareHostFix(values[field])
    if (fix && characterCount(fix) <= NEW_SITE_LIMITS[field]) fixes[fixField] = fix
  }
  return { problems: [...problems.values()], fixes }
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
    const { problems, fixes } = checkRow(record)
    const longTag = record.tagNames.find((t) => characterCount(t) > LIMITS.tag)
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
