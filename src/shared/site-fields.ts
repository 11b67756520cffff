// The fields of a site the app shows, sorts, searches and exports, defined once: the table's
// columns, the sort keys, the export's columns and the headers an import reads all name a field by
// its key here. `text` is the plain value as a person would write it (what an export holds);
// `sort` orders it (null sorts last in both directions).
import type { Site } from './domain'

export type SortValue = string | number | null

export interface SiteField {
  label: string
  text: (site: Site) => string
  sort: (site: Site) => SortValue
}

/** Drops the scheme, so "https://shop.example" sorts as "shop.example". */
function withoutScheme(url: string): string {
  return url.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
}

const tagNames = (site: Site): string[] =>
  site.tags.map((t) => t.name).sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }))

export const SITE_FIELDS = {
  name: { label: 'Name', text: (s) => s.name, sort: (s) => s.name },
  url: { label: 'Address', text: (s) => s.url, sort: (s) => withoutScheme(s.url) },
  adminUrl: { label: 'Admin address', text: (s) => s.admin_url, sort: (s) => (s.admin_url ? withoutScheme(s.admin_url) : null) },
  status: { label: 'Status', text: (s) => s.status, sort: (s) => s.status },
  updates: {
    label: 'Updates',
    text: (s) => (s.updates_count === undefined ? '' : String(s.updates_count)),
    sort: (s) => s.updates_count ?? null,
  },
  php: { label: 'PHP', text: (s) => s.server.php ?? '', sort: (s) => s.server.php },
  mysql: { label: 'MySQL', text: (s) => s.server.mysql ?? '', sort: (s) => s.server.mysql },
  web: { label: 'Web server', text: (s) => s.server.web ?? '', sort: (s) => s.server.web },
  ip: { label: 'IP address', text: (s) => s.server.ip ?? '', sort: (s) => s.server.ip },
  tags: {
    label: 'Tags',
    text: (s) => tagNames(s).join(', '),
    sort: (s) => (s.tags.length === 0 ? null : tagNames(s).join(', ')),
  },
  notes: { label: 'Notes', text: (s) => s.notes, sort: (s) => (s.notes.trim() === '' ? null : s.notes) },
  lastCheck: {
    label: 'Last check',
    text: (s) => s.last_check_at ?? '',
    sort: (s) => (s.last_check_at === null ? null : Date.parse(s.last_check_at)),
  },
  published: {
    label: 'Published',
    text: (s) => (s.published === null ? '' : String(s.published)),
    sort: (s) => s.published,
  },
  created: { label: 'Created', text: (s) => s.created_at, sort: (s) => Date.parse(s.created_at) },
} as const satisfies Record<string, SiteField>

export type SiteFieldKey = keyof typeof SITE_FIELDS
export const SITE_FIELD_KEYS = Object.keys(SITE_FIELDS) as SiteFieldKey[]

export function isSiteFieldKey(value: unknown): value is SiteFieldKey {
  return typeof value === 'string' && Object.hasOwn(SITE_FIELDS, value)
}

/**
 * What a table column or a sort can name: a site field, or the row's Account (its account's
 * label, which only whoever knows the accounts can tell: core when it sorts, the renderer when
 * it shows). Account is kept out of SITE_FIELDS because the column layout lists every field
 * there for every scope; the table shows it for scopes of more than one account.
 */
export type TableFieldKey = SiteFieldKey | 'account' | 'health'

export const ACCOUNT_FIELD_LABEL = 'Account'

/**
 * Health (what core's own checks found, core/health) is not a field of the site either: core
 * knows it, sorts and filters by it, and hands each row its findings (SiteRow.health).
 */
export const HEALTH_FIELD_LABEL = 'Health'

export function isTableFieldKey(value: unknown): value is TableFieldKey {
  return value === 'account' || value === 'health' || isSiteFieldKey(value)
}
