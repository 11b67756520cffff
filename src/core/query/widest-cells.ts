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

/** The width of a Tags cell in characters: the chips the row shows (the same rule as the row:
 * shared/tag-chips.ts) with their padding, and the "+N" for the rest. */
function tagsLength(site: Site): number {
  const tags = site.tags
  if (tags.length === 0) return 0
  const shown = tags.length === 1 ? 1 : shownTagCount([tags[0]!.name, tags[1]!.name])
  let length = 0
  for (let i = 0; i < shown; i++) length += tags[i]!.name.length + 3
  const hidden = tags.length - shown
  return hidden > 0 ? length + String(hidden).length + 2 : length
}

function longestCells(rows: ScopeRows, column: SiteFieldKey): SiteCells[] {
  const fields = columnFields(column)
  const text: (site: Site) => string = SITE_FIELDS[column].text
  // Kept shortest first, so a longer text replaces the shortest one kept; each text once. A
  // cell no longer than the shortest kept (once full) is passed over on its length alone: the
  // loop runs over every site of the scope, the first time at launch before the code is
  // compiled, so it walks each list directly and makes no string it does not keep.
  const longest: Array<{ length: number; text: string; site: Site }> = []
  let floor = -1
  for (const account of rows.accounts) {
    const sites = account.sites
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i]!
      const length = column === 'tags' ? tagsLength(site) : text(site).length
      if (length <= floor) continue
      const shown = text(site)
      if (longest.some((entry) => entry.text === shown)) continue
      let at = longest.findIndex((entry) => entry.length >= length)
      if (at === -1) at = longest.length
      longest.splice(at, 0, { length, text: shown, site })
      if (longest.length > WIDEST_PER_COLUMN) longest.shift()
      if (longest.length === WIDEST_PER_COLUMN) floor = longest[0]!.length
    }
  }
  return longest.reverse().map((entry) => cellsOf(entry.site, fields))
}

/** The widest cells of the columns (Account and Health are sized by the table itself). */
export function widestCells(rows: ScopeRows, columns: readonly string[]): Partial<Record<SiteFieldKey, SiteCells[]>> {
  const out: Partial<Record<SiteFieldKey, SiteCells[]>> = {}
  for (const column of columns) {
    if (isSiteFieldKey(column)) out[column] = rows.derive(`widest:${column}`, () => longestCells(rows, column))
  }
  return out
}
