// How many sites carry each tag, counted from the account's site list.
import type { Site } from '../../../../shared'

export function countSitesPerTag(sites: readonly Site[]): Map<number, number> {
  const counts = new Map<number, number>()
  for (const site of sites) {
    // A tag listed twice on one site still counts that site once.
    for (const tagId of new Set(site.tags.map((t) => t.id))) counts.set(tagId, (counts.get(tagId) ?? 0) + 1)
  }
  return counts
}
