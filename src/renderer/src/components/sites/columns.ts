// The columns of the site table, in order, with the sort key each one sorts by.
import type { SortKey } from '../../lib/site-query'

export interface SiteColumn {
  key: SortKey
  label: string
  /** Width as a CSS length for table-layout: fixed; 'auto' takes what the others leave. */
  width: string
  align?: 'end'
}

// Name takes what is left; Address keeps room for about 26 characters of a host, enough for
// most whole (www.alpine-architects.com); the others are as narrow as their usual content
// (8.1.27, nginx 1.24.0, "54 minutes ago") and header allow. Tags fits a chip and "+N".
export const SITE_COLUMNS: readonly SiteColumn[] = [
  { key: 'name', label: 'Name', width: 'auto' },
  { key: 'url', label: 'Address', width: '196px' },
  { key: 'status', label: 'Status', width: '68px' },
  { key: 'updates', label: 'Updates', width: '80px', align: 'end' },
  { key: 'php', label: 'PHP', width: '66px' },
  { key: 'mysql', label: 'MySQL', width: '74px' },
  { key: 'web', label: 'Web server', width: '108px' },
  { key: 'tags', label: 'Tags', width: '112px' },
  { key: 'lastCheck', label: 'Last check', width: '136px' },
  { key: 'published', label: 'Published', width: '80px' },
]
