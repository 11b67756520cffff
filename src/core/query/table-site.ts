// A site as a table row sends it (SitesQuery.columns): the fields its shown columns read, and
// always what the row's actions need (its id, name, address and admin address: the link, Open
// site, Open admin, Copy address). Every other field stays in core, so a keystroke's rows
// weigh what they show, and the rows' digest (rows-digest.ts) changes only with what is shown.
import type { ServerInfo, Site, SiteCells, SiteFieldKey, TableFieldKey, TableSite, TagRef } from '../../shared'

type ServerKey = keyof ServerInfo

/** The site fields each column reads; Account and Health read the row, not its site. */
const COLUMN_FIELDS: Record<SiteFieldKey, { site?: ReadonlyArray<Exclude<keyof Site, 'server'>>; server?: ServerKey }> = {
  name: { site: ['name'] },
  url: { site: ['url'] },
  adminUrl: { site: ['admin_url'] },
  status: { site: ['status'] },
  // "0" and "—" tell a checked site from one never checked.
  updates: { site: ['updates_count', 'last_check_at'] },
  php: { server: 'php' },
  mysql: { server: 'mysql' },
  web: { server: 'web' },
  ip: { server: 'ip' },
  tags: { site: ['tags'] },
  notes: { site: ['notes'] },
  lastCheck: { site: ['last_check_at'] },
  published: { site: ['published'] },
  created: { site: ['created_at'] },
}

/** What a set of shown columns reads of a site, worked out once per query. */
export interface ShownFields {
  site: ReadonlyArray<Exclude<keyof Site, 'server'>>
  server: readonly ServerKey[]
}

const ROW_ACTION_FIELDS = ['id', 'name', 'url', 'admin_url'] as const

export function shownFields(columns: readonly TableFieldKey[]): ShownFields {
  const site = new Set<Exclude<keyof Site, 'server'>>(ROW_ACTION_FIELDS)
  const server = new Set<ServerKey>()
  for (const column of columns) {
    if (column === 'account' || column === 'health') continue
    const fields = COLUMN_FIELDS[column]
    for (const field of fields.site ?? []) site.add(field)
    if (fields.server) server.add(fields.server)
  }
  return { site: [...site], server: [...server] }
}

/** The fields of `fields` only; a field the site lacks (updates_count of a new site) stays absent. */
export function cellsOf(site: Site, fields: ShownFields): SiteCells {
  const cells: Record<string, unknown> = {}
  for (const field of fields.site) if (site[field] !== undefined) cells[field] = site[field]
  // A chip shows a tag's name: its two times would be half of a tagged row's bytes.
  if (cells.tags !== undefined) cells.tags = site.tags.map((tag): TagRef => ({ id: tag.id, name: tag.name }))
  if (fields.server.length > 0) {
    const server: Partial<ServerInfo> = {}
    for (const field of fields.server) server[field] = site.server[field]
    cells.server = server
  }
  return cells as SiteCells
}

/** The site as a row of these shown fields sends it. */
export function tableSite(site: Site, fields: ShownFields): TableSite {
  return cellsOf(site, fields) as TableSite
}

/** One column's fields alone (a widest cell of it). */
export function columnFields(column: SiteFieldKey): ShownFields {
  const fields = COLUMN_FIELDS[column]
  return { site: fields.site ?? [], server: fields.server ? [fields.server] : [] }
}
