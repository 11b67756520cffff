// Core's answer to the Sites table (shared/sites-query.ts): the window asks for a range of a
// scope's sorted, filtered rows, and gets those rows, the totals and, when asked, the facets.
// Nothing is worked out per query that can be kept: each account's search keys live as long
// as its stored list (site-list-index.ts), each scope's derived columns and sort ranks as long
// as its lists (scope-rows.ts), and here each scope's recent sort orders and search answers,
// so a keystroke searches a remembered answer or memory answers it outright.
import { EMPTY_FILTER, MAX_QUERY_ROWS, parseKey, type HealthFinding, type RowFinding, type SiteFacets, type Site, type SiteFilter, type SiteRow, type SitesPage, type SitesQuery, type SiteSort } from '../../shared'
import { countFacets } from './facet-counts'
import { rowFindings } from './health-column'
import { RecentMap } from './recent-map'
import { activeChecks, otherFiltersId, passes } from './row-checks'
import { ScopeRows, type QueryAccount } from './scope-rows'
import { matchesWords, searchKeyOf, searchWords } from './search-key'
import { SearchMemory } from './search-memory'
import { SortedOrder } from './sorted-order'
import { sortIdOf, sortRows, sortSomeRows } from './sort-order'
import { shownFields, tableSite, type ShownFields } from './table-site'
import { widestCells } from './widest-cells'

/** Scopes kept: each account alone and All accounts, switched between. */
const SCOPES_KEPT = 6
/** Sort orders kept per scope (an order of 50,000 rows is 200 KB, 400 KB once a small answer was placed in it). */
const ORDERS_KEPT = 6
/** Search memories kept per scope: one per set of other filters lately used. */
const MEMORIES_KEPT = 6
/** A selection of at most this many rows is filtered and sorted by itself, not through the scope's order. */
const SMALL_SELECTION = 1000

/** The search alone: what the facets count over. */
const NO_OTHER_FILTERS: SiteFilter = { ...EMPTY_FILTER }

interface ScopeState {
  accounts: readonly QueryAccount[]
  rows: ScopeRows
  orders: RecentMap<string, SortedOrder>
  memories: RecentMap<string, SearchMemory>
  /** The last answer put in order: scrolling asks for other ranges of it. */
  arranged: { id: string; rows: Int32Array } | null
  facets: { id: string; value: SiteFacets } | null
}

/** The scope's revision: each account's, in the scope's order ("a1:12,b2:7"). */
export function scopeRevision(accounts: readonly QueryAccount[]): string {
  return accounts.map((account) => `${account.accountId}:${account.revision}`).join(',')
}

export class SitesQueryEngine {
  private readonly scopes = new RecentMap<string, ScopeState>(SCOPES_KEPT)

  /**
   * Answers the query over `accounts`, the scope's accounts in its order (the caller has
   * checked that each exists). Lists are read, never changed.
   */
  query(accounts: readonly QueryAccount[], query: SitesQuery): SitesPage {
    const state = this.stateOf(accounts)
    const words = searchWords(query.filter.search)
    const matching =
      query.keys === undefined ? this.matching(state, query.sort, query.filter, words) : this.matchingKeys(state, query, words)
    const offset = Math.max(0, Math.trunc(query.offset) || 0)
    const limit = Math.min(MAX_QUERY_ROWS, Math.max(0, Math.trunc(query.limit) || 0))
    const fields = query.columns === undefined ? null : shownFields(query.columns)
    const withHealth = query.columns === undefined || query.columns.includes('health')
    const rows: SiteRow[] = []
    for (let at = offset; at < Math.min(matching.length, offset + limit); at++) rows.push(this.rowOf(state.rows, matching[at]!, fields, withHealth))
    const page: SitesPage = {
      revision: scopeRevision(accounts),
      scopeTotal: state.rows.size,
      total: matching.length,
      offset,
      rows,
      facets: query.facets ? this.facets(state, query.filter, words) : null,
    }
    if (query.widest && query.columns !== undefined) page.widest = widestCells(state.rows, query.columns)
    return page
  }

  /** A row: its whole site, or (`fields`) only what the shown columns read, a TableRow sent as a SiteRow. */
  private rowOf(rows: ScopeRows, row: number, fields: ShownFields | null, withHealth: boolean): SiteRow {
    const site = rows.site(row)
    const made: SiteRow = {
      key: rows.key(row),
      accountId: rows.accounts[rows.rowAccount[row]!]!.accountId,
      site: fields === null ? site : (tableSite(site, fields) as Site),
    }
    const health = withHealth ? rowFindings(rows, row) : undefined
    // A table row carries only what its Health cell shows (a third of a finding's bytes go).
    if (health !== undefined) made.health = fields === null ? health : (health.map(rowFinding) as HealthFinding[])
    return made
  }

  /** The scope's state, kept while every account's lists and label are the ones it was made from. */
  private stateOf(accounts: readonly QueryAccount[]): ScopeState {
    const id = accounts.map((account) => account.accountId).join('\n')
    const kept = this.scopes.get(id, () => newState(accounts))
    if (sameLists(kept.accounts, accounts)) return kept
    this.scopes.delete(id)
    return this.scopes.get(id, () => newState(accounts))
  }

  private order(state: ScopeState, sorts: readonly SiteSort[]): SortedOrder {
    return state.orders.get(sortIdOf(sorts), () => new SortedOrder(sortRows(state.rows, sorts)))
  }

  /** The rows matching the filter, ascending; null when nothing filters (every row). */
  private searched(state: ScopeState, filter: SiteFilter, words: readonly string[]): Int32Array | null {
    const memory = state.memories.get(otherFiltersId(filter), () => new SearchMemory(state.rows, activeChecks(state.rows, filter)))
    return memory.run(words)
  }

  /** Every row matching the filter, in the sorts' order. */
  private matching(state: ScopeState, sorts: readonly SiteSort[], filter: SiteFilter, words: readonly string[]): Int32Array {
    const order = this.order(state, sorts)
    const found = this.searched(state, filter, words)
    if (found === null) return order.rows
    const id = `${sortIdOf(sorts)}|${otherFiltersId(filter)}|${words.join(' ')}`
    if (state.arranged?.id !== id) state.arranged = { id, rows: order.arrange(found) }
    return state.arranged.rows
  }

  /** The rows the keys name that match the filter, in the sorts' order; keys naming no row are passed over. */
  private matchingKeys(state: ScopeState, query: SitesQuery, words: readonly string[]): Int32Array {
    const { rows } = state
    const named = new Set<number>()
    for (const key of query.keys ?? []) {
      const parsed = parseKey(key)
      const row = parsed === null ? -1 : rows.rowOf(parsed.accountId, parsed.id)
      if (row !== -1) named.add(row)
    }
    if (named.size <= SMALL_SELECTION) {
      const checks = activeChecks(rows, query.filter)
      const kept = [...named].filter(
        (row) => (words.length === 0 || matchesWords(searchKeyOf(rows.site(row)), words)) && passes(checks, row),
      )
      return Int32Array.from(sortSomeRows(rows, kept, query.sort))
    }
    const chosen = new Uint8Array(rows.size)
    for (const row of named) chosen[row] = 1
    return this.matching(state, query.sort, query.filter, words).filter((row) => chosen[row] === 1)
  }

  /** The facets of the filter: the rows the search words match, counted once per filter and kept. */
  private facets(state: ScopeState, filter: SiteFilter, words: readonly string[]): SiteFacets {
    const id = `${otherFiltersId(filter)}|${words.join(' ')}`
    if (state.facets?.id === id) return state.facets.value
    const searched = this.searched(state, NO_OTHER_FILTERS, words) ?? state.rows.everyRow()
    const value = countFacets(state.rows, searched, filter)
    state.facets = { id, value }
    return value
  }
}

function newState(accounts: readonly QueryAccount[]): ScopeState {
  return {
    accounts,
    rows: new ScopeRows(accounts),
    orders: new RecentMap(ORDERS_KEPT),
    memories: new RecentMap(MEMORIES_KEPT),
    arranged: null,
    facets: null,
  }
}

function sameLists(kept: readonly QueryAccount[], given: readonly QueryAccount[]): boolean {
  return kept.every((account, a) => {
    const other = given[a]!
    return account.sites === other.sites && account.tags === other.tags && account.label === other.label && account.health === other.health
  })
}

function rowFinding({ level, label, reason }: HealthFinding): RowFinding {
  return { level, label, reason }
}
