// The Sites view's state (search, filters, sort, selection) as one plain value, and its form
// in the address: `/sites?q=shop&php=8.2.18&tag=<account>:7&health=down&sort=-updates,name&sel=<account>:3.<account>:17`.
// The address is what Back restores, what a saved view links to and what is remembered per
// scope, so the conversion lives here, pure: anything unknown or malformed in a query is
// dropped, never thrown. Tags and selected rows are keys (`accountId:id`, shared/scope.ts), the
// same in every scope; an older address or saved view naming a bare number (`tag=7`, `sel=3.17`)
// means that tag or site of the scope's single account. `sel=all` is every row the view matches
// (Ctrl/Cmd+A), with `unsel=<key>.<key>` the rows taken out of it since.
import { isTableFieldKey, type TableFieldKey } from './site-fields'
import { keyOf, parseKey, type RowKey, type TagKey } from '../../../shared/scope'
import { HEALTH_CAUSE_GROUPS, HEALTH_CAUSES, type HealthCause } from '../../../shared/health'
import {
  EMPTY_FILTER,
  hasFacetFilter,
  MAX_SORTS,
  NO_SELECTION,
  type SiteFilter,
  type SiteSelection,
  type SiteSort,
  type SortDirection,
  type TagMode,
} from '../../../shared/sites-query'

export { MAX_SORTS }

/** The filters besides the search and the Account filter (which the state holds on their own). */
export type FacetFilter = Omit<SiteFilter, 'search' | 'accounts'>

export interface SitesViewState {
  search: string
  filter: FacetFilter
  /** First sort, then the one that breaks its ties; at most two. */
  sort: readonly SiteSort[]
  /** Rows named one by one (keys in the order chosen, no repeats), or every matching row but some. */
  selection: SiteSelection
  /** A scope of several accounts: only these accounts' sites (none: every account's). */
  accounts?: readonly string[]
}

/** A route query as vue-router hands it over (and takes it back). */
export type ViewQuery = Record<string, string | null | ReadonlyArray<string | null> | undefined>
/** The query this module writes: only strings and arrays of strings. */
export type CanonicalQuery = Record<string, string | string[]>

export const DEFAULT_SORT: readonly SiteSort[] = Object.freeze([{ key: 'name', direction: 'asc' }])

/** The empty filter without its search (which the view state keeps apart): one definition. */
export const EMPTY_FACET_FILTER: FacetFilter = Object.freeze(withoutSearch(EMPTY_FILTER))

function withoutSearch({ search: _search, accounts: _accounts, ...facets }: SiteFilter): FacetFilter {
  return facets
}

/** Default direction when a column is first clicked: newest checks, most updates and worst health first. */
export function defaultDirection(key: TableFieldKey): SortDirection {
  return key === 'health' || key === 'updates' || key === 'lastCheck' || key === 'published' || key === 'created' ? 'desc' : 'asc'
}

/** True when any filter other than the search is set. */
export function hasFacetFilters(filter: FacetFilter): boolean {
  return hasFacetFilter(filter)
}

/** Anything narrows the rows: the search, a filter or the Account filter. */
export function isFiltering(state: SitesViewState): boolean {
  return state.search.trim() !== '' || hasFacetFilters(state.filter) || (state.accounts ?? []).length > 0
}

/** How many rows a selection names, given how many the view matches. */
export function selectionSize(selection: SiteSelection, matching: number): number {
  return selection.kind === 'keys' ? selection.keys.length : Math.max(0, matching - selection.except.length)
}

export function isSelected(selection: SiteSelection, key: RowKey): boolean {
  return selection.kind === 'keys' ? selection.keys.includes(key) : !selection.except.includes(key)
}

export function hasSelection(selection: SiteSelection): boolean {
  return selection.kind === 'matching' || selection.keys.length > 0
}

export const DEFAULT_VIEW_STATE: SitesViewState = Object.freeze({
  search: '',
  filter: EMPTY_FACET_FILTER,
  sort: DEFAULT_SORT,
  selection: NO_SELECTION,
})

/** The query keys this view reads; any other key in an address is someone else's. */
export const VIEW_QUERY_KEYS = ['q', 'php', 'mysql', 'web', 'status', 'tag', 'tags', 'updates', 'unchecked', 'health', 'sort', 'sel', 'unsel', 'account'] as const

// Beyond these, an address is not a view anyone made by hand or by clicking: cut, not trusted.
const MAX_VALUES = 200
const MAX_TEXT = 500
const MAX_SELECTED = 50_000

/** The filter core's query runs with. */
export function siteFilterOf(state: SitesViewState): SiteFilter {
  return { search: state.search, ...state.filter, accounts: state.accounts ?? [] }
}

function values(raw: ViewQuery[string]): string[] {
  // Typed as a route query, but a remembered one comes from stored JSON: anything may be here.
  const given: unknown = raw
  const list: unknown[] = Array.isArray(given) ? given.slice(0, MAX_VALUES) : given === undefined ? [] : [given]
  const out: string[] = []
  for (const value of list) {
    // `?php` (no "=") comes as null: the same as `?php=`, "Not known".
    if (value === null) out.push('')
    else if (typeof value === 'string') out.push(value.slice(0, MAX_TEXT))
  }
  return out
}

function first(raw: ViewQuery[string]): string | undefined {
  return values(raw)[0]
}

/** The selection's keys as written (`a:3.a:17`): not cut at MAX_TEXT like a text, only at MAX_SELECTED keys. */
function selectionText(raw: ViewQuery[string]): string {
  const given: unknown = Array.isArray(raw) ? raw[0] : raw
  return typeof given === 'string' ? given : ''
}

function unique<T>(list: readonly T[]): T[] {
  return [...new Set(list)]
}

// Account ids as the app makes them (UUIDs); anything else names no account.
const ACCOUNT_ID = /^[\w-]{1,64}$/

/**
 * Keys of a list: `accountId:id` as written, or a bare id (an address or saved view of before
 * keys) meaning the scope's single account's; a bare id in a scope of several means nothing.
 */
function keysOf(list: readonly string[], scope: readonly string[]): string[] {
  const out: string[] = []
  for (const value of list) {
    const parsed = parseKey(value)
    if (parsed) {
      if (ACCOUNT_ID.test(parsed.accountId)) out.push(keyOf(parsed.accountId, parsed.id))
      continue
    }
    if (scope.length !== 1 || !/^\d{1,16}$/.test(value)) continue
    const id = Number(value)
    if (Number.isSafeInteger(id) && id > 0) out.push(keyOf(scope[0]!, id))
  }
  return unique(out)
}

/** "-updates,name" -> updates descending, then name ascending; unknown keys and repeats dropped. */
export function parseSort(text: string | undefined): SiteSort[] {
  if (text === undefined) return []
  const sorts: SiteSort[] = []
  for (const part of text.split(',').slice(0, MAX_VALUES)) {
    const direction: SortDirection = part.startsWith('-') ? 'desc' : 'asc'
    const key = part.replace(/^[-+]/, '')
    if (!isTableFieldKey(key) || sorts.some((s) => s.key === key)) continue
    sorts.push({ key, direction })
    if (sorts.length === MAX_SORTS) break
  }
  return sorts
}

export function formatSort(sorts: readonly SiteSort[]): string {
  return sorts.map((s) => `${s.direction === 'desc' ? '-' : ''}${s.key}`).join(',')
}

/** True when the query says anything about this view (else the remembered state applies). */
export function hasViewQuery(query: ViewQuery): boolean {
  return VIEW_QUERY_KEYS.some((key) => query[key] !== undefined)
}

/**
 * The state an address describes; what it does not say is the default. `scope` is the scope
 * the address is read for: it gives a bare tag or site id of an older address its account.
 */
export function fromQuery(query: ViewQuery, scope: readonly string[] = []): SitesViewState {
  const tagMode: TagMode = first(query.tags) === 'all' ? 'all' : 'any'
  const flag = (raw: ViewQuery[string]) => {
    const value = first(raw)
    return value === '1' || value === 'true' || value === ''
  }
  const sort = parseSort(first(query.sort))
  const sel = selectionText(query.sel)
  const selection: SiteSelection =
    sel === 'all'
      ? { kind: 'matching', except: keysOf(selectionText(query.unsel).split('.', MAX_SELECTED), scope) }
      : { kind: 'keys', keys: keysOf(sel.split('.', MAX_SELECTED), scope) }
  // Only said when set.
  const accounts = unique(values(query.account).filter((id) => ACCOUNT_ID.test(id)))
  // Health causes as core names them (the notifications link to `?health=down`); others dropped.
  const health = unique(
    values(query.health).flatMap((cause) => HEALTH_CAUSE_GROUPS[cause] ?? ((HEALTH_CAUSES as readonly string[]).includes(cause) ? [cause as HealthCause] : [])),
  )
  return {
    ...(accounts.length > 0 ? { accounts } : {}),
    search: first(query.q) ?? '',
    filter: {
      php: unique(values(query.php)),
      mysql: unique(values(query.mysql)),
      web: unique(values(query.web)),
      // A status is never empty in the API, so an empty one is noise.
      status: unique(values(query.status).filter((s) => s !== '')),
      tags: keysOf(values(query.tag), scope) as TagKey[],
      tagMode,
      hasUpdates: query.updates !== undefined && flag(query.updates),
      neverChecked: query.unchecked !== undefined && flag(query.unchecked),
      // Only said when set, like the Account filter.
      ...(health.length > 0 ? { health } : {}),
    },
    sort: sort.length > 0 ? sort : DEFAULT_SORT,
    selection: selection.kind === 'keys' && selection.keys.length === 0 ? NO_SELECTION : selection,
  }
}

/**
 * The address form of a state: only what differs from the default, so a plain view is a plain
 * `/sites`. `explicit` always writes the sort, so the query is never empty (a saved view's link
 * must not mean "whatever was last here").
 */
export function toQuery(state: SitesViewState, options: { explicit?: boolean; withSelection?: boolean } = {}): CanonicalQuery {
  const { explicit = false, withSelection = true } = options
  const query: CanonicalQuery = {}
  const { filter } = state
  if (state.search !== '') query.q = state.search
  for (const facet of ['php', 'mysql', 'web', 'status'] as const) {
    const list = filter[facet]
    if (list.length === 1) query[facet] = list[0]!
    else if (list.length > 1) query[facet] = [...list]
  }
  if (filter.tags.length === 1) query.tag = filter.tags[0]!
  else if (filter.tags.length > 1) query.tag = [...filter.tags]
  if (filter.tagMode === 'all' && filter.tags.length > 0) query.tags = 'all'
  if (filter.hasUpdates) query.updates = '1'
  if (filter.neverChecked) query.unchecked = '1'
  const health = filter.health ?? []
  if (health.length === 1) query.health = health[0]!
  else if (health.length > 1) query.health = [...health]
  if (explicit || !sortsEqual(state.sort, DEFAULT_SORT)) query.sort = formatSort(state.sort)
  const { selection } = state
  if (withSelection) {
    if (selection.kind === 'matching') {
      query.sel = 'all'
      if (selection.except.length > 0) query.unsel = selection.except.join('.')
    } else if (selection.keys.length > 0) query.sel = selection.keys.join('.')
  }
  const accounts = state.accounts ?? []
  if (accounts.length === 1) query.account = accounts[0]!
  else if (accounts.length > 1) query.account = [...accounts]
  return query
}

/** One string per view (its selection left out), for comparing queries: a saved view with the address. */
export function queryKey(query: ViewQuery, scope: readonly string[] = []): string {
  return JSON.stringify(toQuery(fromQuery(query, scope), { explicit: true, withSelection: false }))
}

function selectionsEqual(a: SiteSelection, b: SiteSelection): boolean {
  if (a.kind === 'keys' && b.kind === 'keys') return listEqual(a.keys, b.keys)
  if (a.kind === 'matching' && b.kind === 'matching') return listEqual(a.except, b.except)
  return false
}

function sortsEqual(a: readonly SiteSort[], b: readonly SiteSort[]): boolean {
  return a.length === b.length && a.every((s, i) => s.key === b[i]!.key && s.direction === b[i]!.direction)
}

function listEqual<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

/** Same view, ignoring the selection when `withSelection` is false (a saved view has none). */
export function statesEqual(a: SitesViewState, b: SitesViewState, withSelection = true): boolean {
  const [fa, fb] = [a.filter, b.filter]
  return (
    a.search === b.search &&
    listEqual(fa.php, fb.php) &&
    listEqual(fa.mysql, fb.mysql) &&
    listEqual(fa.web, fb.web) &&
    listEqual(fa.status, fb.status) &&
    listEqual(fa.tags, fb.tags) &&
    (fa.tagMode === fb.tagMode || fa.tags.length === 0) &&
    fa.hasUpdates === fb.hasUpdates &&
    fa.neverChecked === fb.neverChecked &&
    listEqual(fa.health ?? [], fb.health ?? []) &&
    sortsEqual(a.sort, b.sort) &&
    listEqual(a.accounts ?? [], b.accounts ?? []) &&
    (!withSelection || selectionsEqual(a.selection, b.selection))
  )
}

/**
 * A click on a column header. Without Shift the column becomes the only sort (its direction
 * flips when it was already first). With Shift it becomes the second sort, or flips when it
 * already is one of the two.
 */
export function applySortClick(sorts: readonly SiteSort[], key: TableFieldKey, additive: boolean): SiteSort[] {
  const current = sorts.length > 0 ? sorts : DEFAULT_SORT
  const flip = (s: SiteSort): SiteSort => ({ key: s.key, direction: s.direction === 'asc' ? 'desc' : 'asc' })
  const primary = current[0]!
  if (!additive) return [primary.key === key ? flip(primary) : { key, direction: defaultDirection(key) }]
  if (primary.key === key) return [flip(primary), ...current.slice(1)]
  const secondary = current[1]
  return [primary, secondary?.key === key ? flip(secondary) : { key, direction: defaultDirection(key) }]
}
