// The columns the sites table can show, one per site field (lib/site-fields.ts names them),
// with how each is sized: a column is as wide as its widest cell and its header, measured
// from the scope's widest cells core hands over (SitesPage.widest) with the table's own font
// (table/column-sizer.ts), kept within a sensible minimum
// and maximum, unless the person dragged it to a width of their own. Name's minimum keeps a
// name readable even when the person narrows the window.
import type { SiteCells } from '../../../../shared'
import { SITE_FIELDS, type SiteFieldKey } from '../../lib/site-fields'
import type { RowView } from './row-view'

/** Measures a text in one of the table's fonts, in CSS pixels. */
export type Measure = (text: string, font: CellFont) => number

/** The fonts of the table: plain cells, the bold name, the small badges, the header labels. */
export type CellFont = 'cell' | 'name' | 'badge' | 'header' | 'mono'

export interface SiteColumn {
  key: SiteFieldKey
  label: string
  align?: 'end'
  /** The narrowest and widest a measured column gets (a dragged width is only kept in MIN..MAX of the store). */
  min: number
  max: number
  /** The width of a cell's content, padding excluded; absent: the column is as wide as its minimum and header. */
  content?: (site: SiteCells, view: RowView, measure: Measure) => number
}

/** Left and right padding of every cell. */
export const CELL_PADDING = 24
/** The header button around its label: the sort arrow and gap, and its padding. */
export const HEADER_EXTRA = 26
/** The small "2" beside the arrow of the column sorted second. */
export const SECOND_SORT_EXTRA = 18
/** The checkbox column, first and pinned to the left. */
export const SELECT_COLUMN_WIDTH = 40
/** The last column: the Columns menu button, and whatever room is left over. */
export const CORNER_COLUMN_WIDTH = 44

/** A badge's horizontal padding (badge.css: 7px each side). */
const BADGE_PADDING = 14
/** The longest a Last check cell reads: a never-checked site's "Not checked yet" (a time, "54 minutes ago", is shorter). */
const RELATIVE_SAMPLE = 'Not checked yet'

const column = (key: SiteFieldKey, rest: Omit<SiteColumn, 'key' | 'label'>): SiteColumn => ({ key, label: SITE_FIELDS[key].label, ...rest })

export const SITE_COLUMNS: Readonly<Record<SiteFieldKey, SiteColumn>> = {
  // The demo's longest names ("Brightwater Veterinary Clinic 2") fit well under the maximum.
  name: column('name', { min: 160, max: 380, content: (s, _v, m) => m(s.name ?? '', 'name') }),
  // The admin and copy buttons show over the end of the address on the row under the
  // pointer or focus, so they take no room of their own.
  url: column('url', { min: 140, max: 260, content: (_s, v, m) => m(v.host, 'cell') }),
  adminUrl: column('adminUrl', { min: 120, max: 360, content: (s, _v, m) => (s.admin_url ? m(s.admin_url, 'cell') : 0) }),
  status: column('status', { min: 72, max: 160, content: (s, _v, m) => m(s.status || 'Unknown', 'badge') + BADGE_PADDING + 10 }),
  updates: column('updates', { min: 64, max: 110, align: 'end', content: (_s, v, m) => m(v.updates, 'badge') + BADGE_PADDING }),
  php: column('php', { min: 56, max: 120, content: (s, _v, m) => m(s.server?.php ?? '—', 'cell') }),
  mysql: column('mysql', { min: 64, max: 160, content: (_s, v, m) => m(v.mysql, 'cell') }),
  web: column('web', { min: 80, max: 200, content: (_s, v, m) => m(v.web, 'cell') }),
  ip: column('ip', { min: 90, max: 180, content: (s, _v, m) => m(s.server?.ip ?? '—', 'cell') }),
  // The chips a row shows (row-view picks one or two) and its "+N".
  tags: column('tags', {
    min: 90,
    max: 240,
    content: (_s, v, m) => {
      let width = 0
      for (const tag of v.shownTags) width += m(tag.name, 'badge') + BADGE_PADDING + 4
      if (v.hiddenTags > 0) width += m(`+${v.hiddenTags}`, 'badge') + 4
      return width
    },
  }),
  notes: column('notes', { min: 120, max: 320, content: (s, _v, m) => m(s.notes ?? '', 'cell') }),
  lastCheck: column('lastCheck', { min: 96, max: 160, content: (_s, _v, m) => m(RELATIVE_SAMPLE, 'cell') }),
  published: column('published', { min: 72, max: 110, content: (s, _v, m) => m(s.published === null || s.published === undefined ? '—' : String(s.published), 'cell') }),
  created: column('created', { min: 96, max: 160, content: (_s, v, m) => m(v.created, 'cell') }),
}

/** The header's width: its label, arrow (and "2") and padding, so no header is clipped. */
export function headerWidth(col: SiteColumn, measure: Measure, secondSort = false): number {
  return Math.ceil(measure(col.label, 'header') + HEADER_EXTRA + (secondSort ? SECOND_SORT_EXTRA : 0) + CELL_PADDING)
}
