// Filtering and sorting of the site table, pure so it is fast to test and to run. At ten
// thousand sites the search must not redo work per keystroke: every site's search key (its
// words, lower-cased) is built once per snapshot (buildSearchKeys), and a query that only
// grows narrows a remembered result instead of scanning everything again (SiteSearch).
import type { Site } from '../../../shared'

export interface SiteFilter {
  /**
   * Words matched case-insensitively against name, address, admin address, tag names,
   * server software and notes; every word must be found.
   */
  search: string
  tagId: number | null
  status: string | null
  hasUpdates: boolean
  neverChecked: boolean
}

/** Site id -> its search key. */
export type SearchKeys = ReadonlyMap<number, string>

export const SORT_KEYS = [
  'name',
  'url',
  'status',
  'updates',
  'php',
  'mysql',
  'web',
  'tags',
  'lastCheck',
  'published',
] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'
export interface SiteSort {
  key: SortKey
  direction: SortDirection
}

export const EMPTY_FILTER: SiteFilter = { search: '', tagId: null, status: null, hasUpdates: false, neverChecked: false }

export function isFiltering(filter: SiteFilter): boolean {
  return (
    filter.search.trim() !== '' ||
    filter.tagId !== null ||
    filter.status !== null ||
    filter.hasUpdates ||
    filter.neverChecked
  )
}

/** Lower-cases and drops the scheme, so "https://shop" and "shop" both find shop.example. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
}

// Between the fields of a key: no typed word contains it, so a match never spans two fields.
const FIELD_BREAK = '\u0001'

/** The text a search looks in for one site, lower-cased, addresses without their scheme. */
export function searchKeyOf(site: Site): string {
  const parts: string[] = [site.name, normalize(site.url)]
  if (site.admin_url) parts.push(normalize(site.admin_url))
  for (const tag of site.tags) parts.push(tag.name)
  const { ip, web, php, mysql } = site.server
  for (const value of [ip, web, php, mysql]) if (value) parts.push(value)
  if (site.notes) parts.push(site.notes)
  return parts.join(FIELD_BREAK).toLowerCase()
}

/** Every site's search key, built once per snapshot. */
export function buildSearchKeys(sites: readonly Site[]): Map<number, string> {
  const keys = new Map<number, string>()
  for (const site of sites) keys.set(site.id, searchKeyOf(site))
  return keys
}

/**
 * A snapshot's search keys, built when first asked for and then kept: not while the first rows
 * are being shown (10,000 keys take 10-30 ms), but when the person first searches or the page
 * is idle (`warm`), whichever comes first.
 */
export class LazySearchKeys implements ReadonlyMap<number, string> {
  private built: Map<number, string> | null = null

  constructor(private readonly sites: readonly Site[]) {}

  /** Builds the keys now unless they are built already. */
  warm(): void {
    this.map()
  }

  get size(): number {
    return this.map().size
  }

  get(id: number): string | undefined {
    return this.map().get(id)
  }

  has(id: number): boolean {
    return this.map().has(id)
  }

  forEach(callback: (value: string, key: number, map: ReadonlyMap<number, string>) => void, thisArg?: unknown): void {
    this.map().forEach((value, key) => callback.call(thisArg, value, key, this))
  }

  entries() {
    return this.map().entries()
  }

  keys() {
    return this.map().keys()
  }

  values() {
    return this.map().values()
  }

  [Symbol.iterator]() {
    return this.map()[Symbol.iterator]()
  }

  private map(): Map<number, string> {
    return (this.built ??= buildSearchKeys(this.sites))
  }
}

/** The words of a query, each lower-cased and without a scheme. */
export function searchWords(search: string): string[] {
  return search
    .split(/\s+/)
    .filter((word) => word !== '')
    .map(normalize)
    .filter((word) => word !== '')
}

function matchesWords(key: string, words: readonly string[]): boolean {
  for (const word of words) if (!key.includes(word)) return false
  return true
}

function passesOtherFilters(site: Site, filter: SiteFilter): boolean {
  if (filter.tagId !== null && !site.tags.some((t) => t.id === filter.tagId)) return false
  if (filter.status !== null && site.status !== filter.status) return false
  if (filter.hasUpdates && !((site.updates_count ?? 0) > 0)) return false
  if (filter.neverChecked && site.last_check_at !== null) return false
  return true
}

/** Keeps the sites that pass the filter, in their order; keys are built on the fly when not given. */
export function filterSites(sites: readonly Site[], filter: SiteFilter, keys?: SearchKeys): Site[] {
  const words = searchWords(filter.search)
  return sites.filter((site) => {
    if (words.length > 0 && !matchesWords(keys?.get(site.id) ?? searchKeyOf(site), words)) return false
    return passesOtherFilters(site, filter)
  })
}

/**
 * True when every site matching `next` also matches `previous`: each earlier word is part of
 * some new word ("sho" -> "shop", "shop" -> "shop vip"). Then the previous result holds
 * every site the new query can find.
 */
export function narrows(previous: readonly string[], next: readonly string[]): boolean {
  return previous.every((old) => next.some((word) => word.includes(old)))
}

/**
 * The site table's search, remembering its recent answers: while the list, the keys and the
 * other filters stay the same, a query seen lately is answered from memory (Backspace), and a
 * new one filters the smallest remembered result it narrows ("hote" filters what "hot"
 * found) instead of the whole list. The answer is always the same as filterSites over the
 * whole list.
 */
export class SiteSearch {
  private static readonly REMEMBERED = 32
  private state: {
    source: readonly Site[]
    keys: SearchKeys
    others: string
    /** Query words joined -> its words and its result; oldest first. */
    answers: Map<string, { words: string[]; result: Site[] }>
  } | null = null

  run(source: readonly Site[], keys: SearchKeys, filter: SiteFilter): readonly Site[] {
    // Nothing to filter by: the list itself (no copy, and the keys are not asked for).
    if (!isFiltering(filter)) return source
    const words = searchWords(filter.search)
    const others = `${filter.tagId}|${filter.status}|${filter.hasUpdates}|${filter.neverChecked}`
    let state = this.state
    if (!state || state.source !== source || state.keys !== keys || state.others !== others) {
      state = this.state = { source, keys, others, answers: new Map() }
    }
    const id = words.join(' ')
    const known = state.answers.get(id)
    if (known) {
      state.answers.delete(id)
      state.answers.set(id, known)
      return known.result
    }
    let base: Site[] | null = null
    for (const answer of state.answers.values()) {
      if ((base === null || answer.result.length < base.length) && narrows(answer.words, words)) base = answer.result
    }
    const result = base ? base.filter((site) => matchesWords(keys.get(site.id) ?? searchKeyOf(site), words)) : filterSites(source, filter, keys)
    state.answers.set(id, { words, result })
    if (state.answers.size > SiteSearch.REMEMBERED) state.answers.delete(state.answers.keys().next().value!)
    return result
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

type SortValue = string | number | null

function sortValue(site: Site, key: SortKey): SortValue {
  switch (key) {
    case 'name':
      return site.name
    case 'url':
      return normalize(site.url)
    case 'status':
      return site.status
    case 'updates':
      return site.updates_count ?? null
    case 'php':
      return site.server.php
    case 'mysql':
      return site.server.mysql
    case 'web':
      return site.server.web
    case 'tags':
      return site.tags.length === 0 ? null : site.tags.map((t) => t.name).sort(collator.compare).join(', ')
    case 'lastCheck':
      return site.last_check_at === null ? null : Date.parse(site.last_check_at)
    case 'published':
      return site.published
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  // Versions like "8.10" vs "8.9" compare numerically through the collator.
  return collator.compare(String(a), String(b))
}

/** Sorts a copy; empty values (never checked, no server data) go last in both directions. */
export function sortSites(sites: readonly Site[], sort: SiteSort): Site[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  const keyed = sites.map((site) => ({ site, value: sortValue(site, sort.key) }))
  keyed.sort((x, y) => {
    if (x.value === null || y.value === null) {
      if (x.value === y.value) return x.site.id - y.site.id
      return x.value === null ? 1 : -1
    }
    return sign * compareValues(x.value, y.value) || collator.compare(x.site.name, y.site.name) || x.site.id - y.site.id
  })
  return keyed.map((k) => k.site)
}

/** The statuses present, for the status filter ("Ok" first, then as found). */
export function statusesOf(sites: readonly Site[]): string[] {
  const set = new Set(sites.map((s) => s.status))
  return [...set].sort((a, b) => (a === 'Ok' ? -1 : b === 'Ok' ? 1 : collator.compare(a, b)))
}

/** Default direction when a column is first clicked: newest checks and most updates first. */
export function defaultDirection(key: SortKey): SortDirection {
  return key === 'updates' || key === 'lastCheck' || key === 'published' ? 'desc' : 'asc'
}
