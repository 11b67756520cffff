// The columns of the site table, in order, with the sort key each one sorts by.
import type { SortKey } from '../../lib/site-query'

export interface SiteColumn {
  key: SortKey
  label: string
  /** Width as a CSS length for table-layout: fixed (flexible columns use percentages). */
  width: string
  align?: 'end'
}

export const SITE_COLUMNS: readonly SiteColumn[] = [
  { key: 'name', label: 'Name', width: '16%' },
  { key: 'url', label: 'Address', width: '13%' },
  { key: 'status', label: 'Status', width: '68px' },
  { key: 'updates', label: 'Updates', width: '80px', align: 'end' },
  { key: 'php', label: 'PHP', width: '70px' },
  { key: 'mysql', label: 'MySQL', width: '76px' },
  { key: 'web', label: 'Web server', width: '120px' },
  { key: 'tags', label: 'Tags', width: '13%' },
  { key: 'lastCheck', label: 'Last check', width: '124px' },
  { key: 'published', label: 'Published', width: '84px' },
]
