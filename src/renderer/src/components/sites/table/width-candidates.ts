// The sites most likely to hold each column's widest cell, found without measuring anything:
// the ones whose text for the column is longest. Measuring a cell means deriving its row view
// and asking the canvas, which over ten thousand sites takes far longer than a first paint
// may; a few dozen candidates take a few milliseconds. The widest by characters is nearly
// always the widest in pixels, and SnapshotWidths measures every site when the page is idle
// anyway, so a rare miss only widens the column a moment later.
import type { Site } from '../../../../../shared'
import { SITE_FIELDS, type SiteFieldKey } from '../../../lib/site-fields'

/** How many of the longest texts of each column are measured before the first paint. */
export const CANDIDATES_PER_COLUMN = 12

/** A cheap stand-in for a cell's width: the length of what it shows. */
export function textLength(key: SiteFieldKey, site: Site): number {
  if (key === 'tags') {
    // The chips' names and their padding; not SITE_FIELDS' text, which sorts the names first.
    let length = 0
    for (const tag of site.tags) length += tag.name.length + 3
    return length
  }
  return SITE_FIELDS[key].text(site).length
}

/** The sites with the longest text in any of the columns, each column's `perColumn` longest. */
export function widthCandidates(keys: readonly SiteFieldKey[], sites: readonly Site[], perColumn = CANDIDATES_PER_COLUMN): Site[] {
  const found = new Set<Site>()
  for (const key of keys) {
    // Kept shortest first, so a longer text replaces the shortest one kept.
    const longest: Array<{ length: number; site: Site }> = []
    for (const site of sites) {
      const length = textLength(key, site)
      if (longest.length === perColumn && length <= longest[0]!.length) continue
      let at = longest.findIndex((entry) => entry.length >= length)
      if (at === -1) at = longest.length
      longest.splice(at, 0, { length, site })
      if (longest.length > perColumn) longest.shift()
    }
    for (const entry of longest) found.add(entry.site)
  }
  return [...found]
}
