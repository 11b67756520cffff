// What the query engine derives from one account's site list, built once per list and kept
// while the list lives. The store answers the same frozen array until the account is written
// (SqliteWorkspaceStore.sites), so a WeakMap on the array is both the cache and its
// invalidation: a write makes a new array, and the old one's index goes with it.
import type { Site } from '../../shared'
import { searchKeyOf } from './search-key'
import { SearchText } from './search-text'

export class SiteListIndex {
  private text: SearchText | null = null
  private positions: Map<number, number> | null = null
  private tagCounts: Map<number, number> | null = null

  constructor(readonly sites: readonly Site[]) {}

  /**
   * Every site's search key, in the list's order, as one text. Built on the first search, not
   * when the first rows are shown: opening a view needs no key.
   */
  searchText(): SearchText {
    if (this.text === null) {
      const keys = new Array<string>(this.sites.length)
      for (let at = 0; at < this.sites.length; at++) keys[at] = searchKeyOf(this.sites[at]!)
      this.text = new SearchText(keys)
    }
    return this.text
  }

  /** Every site's search key, in the list's order. */
  searchKeys(): readonly string[] {
    return this.searchText().keys()
  }

  /** Where the site with this id is in the list; undefined when the list has none. */
  positionOf(siteId: number): number | undefined {
    if (this.positions === null) {
      this.positions = new Map()
      for (let at = 0; at < this.sites.length; at++) this.positions.set(this.sites[at]!.id, at)
    }
    return this.positions.get(siteId)
  }

  /** How many sites carry each tag, by tag id. */
  tagSiteCounts(): ReadonlyMap<number, number> {
    if (this.tagCounts === null) {
      const counts = new Map<number, number>()
      for (const site of this.sites) for (const tag of site.tags) counts.set(tag.id, (counts.get(tag.id) ?? 0) + 1)
      this.tagCounts = counts
    }
    return this.tagCounts
  }
}

const indexes = new WeakMap<readonly Site[], SiteListIndex>()

/** The list's index, made on first use and kept as long as the list itself. */
export function siteListIndex(sites: readonly Site[]): SiteListIndex {
  let index = indexes.get(sites)
  if (index === undefined) indexes.set(sites, (index = new SiteListIndex(sites)))
  return index
}
