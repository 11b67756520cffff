// What the query engine derives from one account's site list, built once per list and kept
// while the list lives. The store answers the same frozen array until the account is written
// (SqliteWorkspaceStore.sites), so a WeakMap on the array is both the cache and its
// invalidation: a write makes a new array, and the old one's index goes with it.
import type { Site } from '../../shared'
import { searchKeyOf } from './search-key'
import { SearchText } from './search-text'

export class SiteListIndex {
  private text: SearchText | null = null
  /** Keys made ahead of the first search (search-warmer.ts): the first `keysMade` of the list. */
  private keysAhead: string[] | null = null
  private keysMade = 0
  private positions: Map<number, number> | null = null
  private tagCounts: Map<number, number> | null = null

  constructor(readonly sites: readonly Site[]) {}

  /**
   * Every site's search key, in the list's order, as one text. Never needed to show the first
   * rows: made ahead, a slice at a time, once they are shown (search-warmer.ts), and whatever
   * is not made yet when the first search comes is made then.
   */
  searchText(): SearchText {
    if (this.text === null) {
      this.makeKeys(this.sites.length)
      this.text = new SearchText(this.keysAhead!)
      this.keysAhead = null
    }
    return this.text
  }

  /** Whether the search text is made (the first search will not make it). */
  get searchReady(): boolean {
    return this.text !== null
  }

  /**
   * Makes up to `count` more keys ahead of the first search, and the text once every key is
   * made; answers whether the text is made.
   */
  makeKeysAhead(count: number): boolean {
    if (this.text !== null) return true
    if (this.makeKeys(count)) this.searchText()
    return this.text !== null
  }

  /** Makes up to `count` more keys; answers whether every key is made. */
  private makeKeys(count: number): boolean {
    this.keysAhead ??= new Array<string>(this.sites.length)
    const end = Math.min(this.sites.length, this.keysMade + count)
    for (; this.keysMade < end; this.keysMade++) this.keysAhead[this.keysMade] = searchKeyOf(this.sites[this.keysMade]!)
    return this.keysMade === this.sites.length
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
