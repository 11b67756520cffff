// Filtering, faceting and sorting of the site table, pure so it is fast to test and to run. At
// ten thousand sites the search must not redo work per keystroke: every site's search key (its
// words, lower-cased) is built once per snapshot (buildSearchKeys), and a query that only
// grows narrows a remembered result instead of scanning everything again (SiteSearch).
import type { Site } from '../../../shared'
import { tableField, type SortValue, type TableFieldKey } from './site-fields'

/** The value a facet filter uses for a site whose server value is not known (null or empty). */
export const UNKNOWN_VALUE = ''

export type TagMode = 'any' | 'all'

export interface SiteFilter {
  /**
   * Words matched case-insensitively against every column's text: name, address, admin
   * address, status, tag names, IP, web server, PHP, MySQL and notes; every word must be found.
   */
  search: string
  /** Selected PHP versions (UNKNOWN_VALUE for "Not known"); a site matches one of them. */
  php: readonly string[]
  mysql: readonly string[]
  web: readonly string[]
  status: readonly string[]
  /** Selected tags: with 'any' a site needs one of them, with 'all' every one. */
  tagIds: readonly number[]
  tagMode: TagMode
  hasUpdates: boolean
  neverChecked: boolean
}

/** Site id -> its search key. */
export type SearchKeys = ReadonlyMap<number, string>

export type SortDirection = 'asc' | 'desc'
export interface SiteSort {
  key: TableFieldKey
  direction: SortDirection
}
/** The sortable keys are the site fields (lib/site-fields), and the All scope's Account. */
export type SortKey = TableFieldKey

export const EMPTY_FILTER: SiteFilter = Object.freeze({
  search: '',
  php: [],
  mysql: [],
  web: [],
  status: [],
  tagIds: [],
  tagMode: 'any',
  hasUpdates: false,
  neverChecked: false,
})

/** True when any filter other than the search is set. */
export function hasFacetFilters(filter: SiteFilter): boolean {
  return (
    filter.php.length > 0 ||
    filter.mysql.length > 0 ||
    filter.web.length > 0 ||
    filter.status.length > 0 ||
    filter.tagIds.length > 0 ||
    filter.hasUpdates ||
    filter.neverChecked
  )
}

export function isFiltering(filter: SiteFilter): boolean {
  return filter.search.trim() !== '' || hasFacetFilters(filter)
}

/** Lower-cases and drops the scheme, so "https://shop" and "shop" both find shop.example. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
}

// Between the fields of a key: no typed word contains it, so a match never spans two fields.
const FIELD_BREAK = '\u0001'

/** The text a search looks in for one site: every column it shows, lower-cased, addresses without their scheme. */
export function searchKeyOf(site: Site): string {
  const parts: string[] = [site.name, normalize(site.url)]
  if (site.admin_url) parts.push(normalize(site.admin_url))
  if (site.status) parts.push(site.status)
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

/** A site's value for a server facet: UNKNOWN_VALUE when the server did not say. */
export function serverValue(site: Site, facet: 'php' | 'mysql' | 'web'): string {
  return site.server[facet] || UNKNOWN_VALUE
}

// The filters besides the search, each a test of one site; facets() leaves one out at a time.
type Check = 'php' | 'mysql' | 'web' | 'status' | 'tags' | 'hasUpdates' | 'neverChecked'

/** The checks a filter sets, each as a predicate; unset ones are left out so they cost nothing. */
function activeChecks(filter: SiteFilter): Array<[Check, (site: Site) => boolean]> {
  const checks: Array<[Check, (site: Site) => boolean]> = []
  for (const facet of ['php', 'mysql', 'web'] as const) {
    if (filter[facet].length === 0) continue
    const wanted = new Set(filter[facet])
    checks.push([facet, (site) => wanted.has(serverValue(site, facet))])
  }
  if (filter.status.length > 0) {
    const wanted = new Set(filter.status)
    checks.push(['status', (site) => wanted.has(site.status)])
  }
  if (filter.tagIds.length > 0) {
    const wanted = filter.tagIds
    checks.push([
      'tags',
      filter.tagMode === 'all'
        ? (site) => wanted.every((id) => site.tags.some((t) => t.id === id))
        : (site) => site.tags.some((t) => wanted.includes(t.id)),
    ])
  }
  if (filter.hasUpdates) checks.push(['hasUpdates', (site) => (site.updates_count ?? 0) > 0])
  if (filter.neverChecked) checks.push(['neverChecked', (site) => site.last_check_at === null])
  return checks
}

/** Keeps the sites that pass the filter, in their order; keys are built on the fly when not given. */
export function filterSites(sites: readonly Site[], filter: SiteFilter, keys?: SearchKeys): Site[] {
  const words = searchWords(filter.search)
  const checks = activeChecks(filter)
  return sites.filter((site) => {
    if (words.length > 0 && !matchesWords(keys?.get(site.id) ?? searchKeyOf(site), words)) return false
    for (const [, check] of checks) if (!check(site)) return false
    return true
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

/** The filters besides the search, as one string: equal strings filter alike. */
function otherFiltersId(filter: SiteFilter): string {
  return JSON.stringify([filter.php, filter.mysql, filter.web, filter.status, filter.tagIds, filter.tagMode, filter.hasUpdates, filter.neverChecked])
}

/**
 * The site table's search, remembering its recent answers: while the list, the keys and the
 * other filters stay the same, a query seen lately is answered from memory (Backspace), and a
 * new one filters the smallest remembered result it narrows ("hote" filters what "hot"
 * found) instead of the whole list. The answer is always the same as filterSites over the
 * whole list. Answers are kept as positions in the list, and the list's keys in its order (made
 * once per list), so a keystroke reads each key by position instead of looking it up by id.
 */
export class SiteSearch {
  private static readonly REMEMBERED = 32
  private state: {
    source: readonly Site[]
    keys: SearchKeys
    others: string
    /** Query words joined -> its words and its result (positions in `source`, then the sites); oldest first. */
    answers: Map<string, { words: string[]; positions: number[]; result: Site[] }>
  } | null = null
  private ordered: { source: readonly Site[]; keys: SearchKeys; list: string[] } | null = null

  run(source: readonly Site[], keys: SearchKeys, filter: SiteFilter): readonly Site[] {
    // Nothing to filter by: the list itself (no copy, and the keys are not asked for).
    if (!isFiltering(filter)) return source
    const words = searchWords(filter.search)
    const others = otherFiltersId(filter)
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
    let base: number[] | null = null
    for (const answer of state.answers.values()) {
      if ((base === null || answer.positions.length < base.length) && narrows(answer.words, words)) base = answer.positions
    }
    const positions = base ? this.narrow(base, source, keys, words) : this.scan(source, keys, words, activeChecks(filter))
    const result = positions.map((at) => source[at]!)
    state.answers.set(id, { words, positions, result })
    if (state.answers.size > SiteSearch.REMEMBERED) state.answers.delete(state.answers.keys().next().value!)
    return result
  }

  /** Every site's key in the list's order, made once per list. */
  private keysInOrder(source: readonly Site[], keys: SearchKeys): string[] {
    if (this.ordered?.source !== source || this.ordered.keys !== keys) {
      this.ordered = { source, keys, list: source.map((site) => keys.get(site.id) ?? searchKeyOf(site)) }
    }
    return this.ordered.list
  }

  /** The positions of a remembered answer whose sites also match the new words. */
  private narrow(base: readonly number[], source: readonly Site[], keys: SearchKeys, words: readonly string[]): number[] {
    const list = this.keysInOrder(source, keys)
    return base.filter((at) => matchesWords(list[at]!, words))
  }

  /** The positions of the sites passing the words and the other filters, over the whole list. */
  private scan(source: readonly Site[], keys: SearchKeys, words: readonly string[], checks: Array<[Check, (site: Site) => boolean]>): number[] {
    const list = words.length > 0 ? this.keysInOrder(source, keys) : null
    const positions: number[] = []
    outer: for (let at = 0; at < source.length; at++) {
      if (list && !matchesWords(list[at]!, words)) continue
      for (const [, check] of checks) if (!check(source[at]!)) continue outer
      positions.push(at)
    }
    return positions
  }
}

// ---- facets: how many sites each filter value would show ----

export interface FacetValue<V> {
  value: V
  /** As shown: the value itself, "Not known" for UNKNOWN_VALUE, a tag's name. */
  label: string
  count: number
}

export interface SiteFacets {
  php: FacetValue<string>[]
  mysql: FacetValue<string>[]
  web: FacetValue<string>[]
  status: FacetValue<string>[]
  tags: FacetValue<number>[]
  hasUpdates: number
  neverChecked: number
}

export const UNKNOWN_LABEL = 'Not known'

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

function bump<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

/**
 * Splits "nginx/1.24.0" into its product ("nginx") and its version ("1.24.0"); a value that
 * starts with a digit ("8.2.18", "10.6.17-MariaDB") is all version.
 */
function productAndVersion(value: string): [string, string] {
  const at = value.search(/\d/)
  if (at === -1) return [value, '']
  return [value.slice(0, at).replace(/[\s/_-]+$/, ''), value.slice(at)]
}

/** Products A to Z, then newest version first (numerically: 8.10 above 8.9); "Not known" last. */
export function compareVersionsDescending(a: string, b: string): number {
  if (a === UNKNOWN_VALUE || b === UNKNOWN_VALUE) return a === b ? 0 : a === UNKNOWN_VALUE ? 1 : -1
  const [productA, versionA] = productAndVersion(a)
  const [productB, versionB] = productAndVersion(b)
  return collator.compare(productA, productB) || collator.compare(versionB, versionA) || collator.compare(a, b)
}

function serverFacet(counts: Map<string, number>, selected: readonly string[]): FacetValue<string>[] {
  // A selected value no site has (from an old address) stays listed, at 0, so it can be unticked.
  for (const value of selected) if (!counts.has(value)) counts.set(value, 0)
  return [...counts]
    .map(([value, count]) => ({ value, label: value === UNKNOWN_VALUE ? UNKNOWN_LABEL : value, count }))
    .sort((a, b) => compareVersionsDescending(a.value, b.value))
}

/**
 * Counts per value of each filter, as good faceted search does: each facet counts the sites
 * matching the search and every OTHER filter, so its numbers say what ticking a value would
 * show. One pass over the sites, one search match per site.
 */
export function facets(sites: readonly Site[], filter: SiteFilter, keys?: SearchKeys, tagNames?: ReadonlyMap<number, string>): SiteFacets {
  const words = searchWords(filter.search)
  const checks = activeChecks(filter)
  const counts = {
    php: new Map<string, number>(),
    mysql: new Map<string, number>(),
    web: new Map<string, number>(),
    status: new Map<string, number>(),
    tags: new Map<number, number>(),
    hasUpdates: 0,
    neverChecked: 0,
  }
  const names = new Map(tagNames)
  for (const site of sites) {
    if (words.length > 0 && !matchesWords(keys?.get(site.id) ?? searchKeyOf(site), words)) continue
    // The one filter this site fails, if exactly one: it counts for that facet only.
    let failed: Check | null = null
    let failures = 0
    for (const [name, check] of checks) {
      if (!check(site)) {
        failed = name
        if (++failures > 1) break
      }
    }
    if (failures > 1) continue
    const counted = (check: Check) => failures === 0 || failed === check
    if (counted('php')) bump(counts.php, serverValue(site, 'php'))
    if (counted('mysql')) bump(counts.mysql, serverValue(site, 'mysql'))
    if (counted('web')) bump(counts.web, serverValue(site, 'web'))
    if (counted('status')) bump(counts.status, site.status)
    if (counted('tags')) {
      for (const tag of site.tags) {
        bump(counts.tags, tag.id)
        if (!names.has(tag.id)) names.set(tag.id, tag.name)
      }
    }
    if (counted('hasUpdates') && (site.updates_count ?? 0) > 0) counts.hasUpdates++
    if (counted('neverChecked') && site.last_check_at === null) counts.neverChecked++
  }
  for (const value of filter.status) if (!counts.status.has(value)) counts.status.set(value, 0)
  for (const id of filter.tagIds) if (!counts.tags.has(id)) counts.tags.set(id, 0)
  // Tags the account has that no matching site carries are listed too, at 0.
  if (tagNames) for (const id of tagNames.keys()) if (!counts.tags.has(id)) counts.tags.set(id, 0)
  return {
    php: serverFacet(counts.php, filter.php),
    mysql: serverFacet(counts.mysql, filter.mysql),
    web: serverFacet(counts.web, filter.web),
    status: [...counts.status]
      .map(([value, count]) => ({ value, label: value || 'Unknown', count }))
      .sort((a, b) => compareStatuses(a.value, b.value)),
    tags: [...counts.tags]
      .map(([value, count]) => ({ value, label: names.get(value) ?? `Tag #${value}`, count }))
      .sort((a, b) => collator.compare(a.label, b.label) || a.value - b.value),
    hasUpdates: counts.hasUpdates,
    neverChecked: counts.neverChecked,
  }
}

// ---- sort ----

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  // Versions like "8.10" vs "8.9" compare numerically through the collator.
  return collator.compare(String(a), String(b))
}

/** Compares two values of one sort level: empty values (null) last whatever the direction. */
function compareLevel(a: SortValue, b: SortValue, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return sign * compareValues(a, b)
}

/**
 * Sorts a copy by each sort in turn (the first decides, the next breaks its ties), then by
 * name and id so the order is stable. Empty values (never checked, no server data) go last
 * in both directions. Each site's values are read once, not per comparison.
 */
export function sortSites(sites: readonly Site[], sorts: readonly SiteSort[]): Site[] {
  const levels = sorts.map((sort) => ({ get: tableField(sort.key).sort, sign: sort.direction === 'asc' ? 1 : -1 }))
  const keyed = sites.map((site) => ({ site, values: levels.map((level) => level.get(site)) }))
  keyed.sort((x, y) => {
    for (let i = 0; i < levels.length; i++) {
      const order = compareLevel(x.values[i]!, y.values[i]!, levels[i]!.sign)
      if (order !== 0) return order
    }
    return collator.compare(x.site.name, y.site.name) || x.site.id - y.site.id
  })
  return keyed.map((k) => k.site)
}

function compareStatuses(a: string, b: string): number {
  return a === b ? 0 : a === 'Ok' ? -1 : b === 'Ok' ? 1 : collator.compare(a, b)
}

/** The statuses present, for the status filter ("Ok" first, then A to Z). */
export function statusesOf(sites: readonly Site[]): string[] {
  return [...new Set(sites.map((s) => s.status))].sort(compareStatuses)
}

/** Default direction when a column is first clicked: newest checks and most updates first. */
export function defaultDirection(key: TableFieldKey): SortDirection {
  return key === 'updates' || key === 'lastCheck' || key === 'published' || key === 'created' ? 'desc' : 'asc'
}
