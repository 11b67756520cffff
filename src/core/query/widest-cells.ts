// Each column's widest cells over a whole scope, for the table's column widths
// (SitesQuery.widest): core cannot measure a font, so it hands over the few cells whose text
// is longest and the renderer measures only those. The widest by characters is nearly always
// the widest in pixels, and a few per column cover the rest. Worked out once per column and
// set of lists (kept with the scope's rows), so asking again costs a lookup, and a search
// leaves the widths where they are: they never jump as one types or scrolls.
import { SITE_FIELDS, isSiteFieldKey, shownTagCount, type Site, type SiteCells, type SiteFieldKey } from '../../shared'
import type { ScopeRows } from './scope-rows'
import { cellsOf, columnFields } from './table-site'

/** How many distinct texts of each column are handed over. */
export const WIDEST_PER_COLUMN = 5

/** A cheap stand-in for a cell's width: the length of what it shows. */
function textLength(column: SiteFieldKey, site: Site): number {
  if (column === 'tags') {
    // The chips the row shows (the same rule as the row: shared/tag-chips.ts) with their
    // padding, and the "+N" for the rest.
    const shown = shownTagCount(site.tags.map((tag) => tag.name))
    let length = 0
    for (let i = 0; i < shown; i++) length += site.tags[i]!.name.length + 3
    const hidden = site.tags.length - shown
    return hidden > 0 ? length + String(hidden).length + 2 : length
  }
  return SITE_FIELDS[column].text(site).length
}

function longestCells(rows: ScopeRows, column: SiteFieldKey): SiteCells[] {
  const fields = columnFields(column)
  // Kept shortest first, so a longer text replaces the shortest one kept; each text once.
  const longest: Array<{ length: number; text: string; row: number }> = []
  for (let row = 0; row < rows.size; row++) {
    const site = rows.site(row)
    const length = textLength(column, site)
    if (longest.length === WIDEST_PER_COLUMN && length <= longest[0]!.length) continue
    const text = SITE_FIELDS[column].text(site)
    if (longest.some((entry) => entry.text === text)) continue
    let at = longest.findIndex((entry) => entry.length >= length)
    if (at === -1) at = longest.length
    longest.splice(at, 0, { length, text, row })
    if (longest.length > WIDEST_PER_COLUMN) longest.shift()
  }
  return longest.reverse().map((entry) => cellsOf(rows.site(entry.row), fields))
}

/** The widest cells of the columns (Account and Health are sized by the table itself). */
export function widestCells(rows: ScopeRows, columns: readonly string[]): Partial<Record<SiteFieldKey, SiteCells[]>> {
  const out: Partial<Record<SiteFieldKey, SiteCells[]>> = {}
  for (const column of columns) {
    if (isSiteFieldKey(column)) out[column] = rows.derive(`widest:${column}`, () => longestCells(rows, column))
  }
  return out
}
