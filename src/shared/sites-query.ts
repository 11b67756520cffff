// The Sites table's question to core and core's answer (DESIGN.md, "How data flows"): the
// renderer never holds the list; it asks core for the rows it shows (a range of the sorted,
// filtered scope), the facet counts of its filter menus and the totals, and asks again when
// core says the scope's revision changed. Search, facets and sorting run in core only
// (core/query); these are the shapes both sides agree on.
import type { ServerInfo, Site, Tag } from './domain'
import type { HealthCause, HealthFinding } from './health'
import type { RowKey, TagKey } from './scope'
import type { SiteFieldKey, TableFieldKey } from './site-fields'
import type { SyncState } from './workspace'

/** The value a facet filter uses for a site whose server value is not known (null or empty). */
export const UNKNOWN_VALUE = ''
/** How "not known" is shown. */
export const UNKNOWN_LABEL = 'Not known'

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
  /**
   * Selected tags by key (`accountId:tagId`): with 'any' a site needs one of them; with 'all'
   * every one of its own account's (a tag belongs to one account), and a site of an account
   * with none selected is not shown.
   */
  tags: readonly TagKey[]
  tagMode: TagMode
  hasUpdates: boolean
  neverChecked: boolean
  /** Only these accounts of the scope (none: every account of it). */
  accounts: readonly string[]
  /** Sites with one of these health findings (core/health); absent or empty: any. */
  health?: readonly HealthCause[]
}

export const EMPTY_FILTER: SiteFilter = Object.freeze({
  search: '',
  php: [],
  mysql: [],
  web: [],
  status: [],
  tags: [],
  tagMode: 'any',
  hasUpdates: false,
  neverChecked: false,
  accounts: [],
})

/**
 * True when a filter menu's value is set (any filter but the search and the Account filter):
 * the one test core (which skips the filters when none is set) and the Sites view (which says
 * the list is filtered) both use.
 */
export function hasFacetFilter(filter: Omit<SiteFilter, 'search' | 'accounts'>): boolean {
  return (
    filter.php.length > 0 ||
    filter.mysql.length > 0 ||
    filter.web.length > 0 ||
    filter.status.length > 0 ||
    filter.tags.length > 0 ||
    filter.hasUpdates ||
    filter.neverChecked ||
    (filter.health ?? []).length > 0
  )
}

export type SortDirection = 'asc' | 'desc'

export interface SiteSort {
  key: TableFieldKey
  direction: SortDirection
}

/** At most this many sort levels (the first decides, the second breaks its ties). */
export const MAX_SORTS = 2
/** At most this many rows per answer: a screenful or a few, never the whole list. */
export const MAX_QUERY_ROWS = 1000
/** At most this many keys in one `keys` restriction (a selection named row by row). */
export const MAX_QUERY_KEYS = 50_000

export interface SitesQuery {
  /** The accounts to list; every one must exist. */
  scope: readonly string[]
  filter: SiteFilter
  /** At most MAX_SORTS; ties then go by name, account and id, so the order is total. */
  sort: readonly SiteSort[]
  /** The range of the sorted, filtered rows wanted: [offset, offset + limit). */
  offset: number
  limit: number
  /** Also count the facets of every filter (a filter menu shows them). */
  facets?: boolean
  /** Only these rows (a selection named row by row), in the query's order. */
  keys?: readonly RowKey[]
  /**
   * The `digest` of the rows the asker holds for this range: when the range's rows are still
   * the same, the answer carries no rows (`unchanged`), only the totals (a window asking again
   * after a change that did not touch what it shows).
   */
  unlessDigest?: string
  /**
   * The table's shown columns: each row's site then carries only what they show and what its
   * row's actions need (id, name, address, admin address), a TableSite; the digest covers just
   * that, so a change of a hidden field is no change. Absent: whole sites (what bulk actions,
   * exports and the site page read).
   */
  columns?: readonly TableFieldKey[]
  /** Also answer `widest`: each named column's longest cells over the whole scope. */
  widest?: boolean
}

/** A tag as a row shows it: its chip's name and its id (its times stay in core). */
export type TagRef = Pick<Tag, 'id' | 'name'>

/** Some of a site's fields (the server's too): a site as a few columns show it. */
export type SiteCells = Partial<Omit<Site, 'server' | 'tags'>> & { server?: Partial<ServerInfo>; tags?: readonly TagRef[] }

/** A site as a table row holds it: the fields of the shown columns, and always what the row's actions need. */
export type TableSite = SiteCells & Pick<Site, 'id' | 'name' | 'url' | 'admin_url'>

/** One row of the table: a site and the account it belongs to. */
export interface SiteRow {
  key: RowKey
  accountId: string
  site: Site
  /** What core's health checks found on the site, worst first; absent when nothing. */
  health?: readonly HealthFinding[]
}

/** What a table row's Health cell shows of a finding: its level, its few words and its sentence. */
export type RowFinding = Pick<HealthFinding, 'level' | 'label' | 'reason'>

/** A row of a query that named its columns (SitesQuery.columns): its site is a TableSite. */
export interface TableRow {
  key: RowKey
  accountId: string
  site: TableSite
  /** Only with the Health column among `columns`. */
  health?: readonly RowFinding[]
}

/**
 * Per shown column, the scope's few cells with the longest text, each holding only that
 * column's fields: core cannot measure a font, so the table measures these few and sizes the
 * column to the widest, instead of measuring every block of rows it is sent.
 */
export type WidestCells = Partial<Record<SiteFieldKey, SiteCells[]>>

export interface FacetValue<V> {
  value: V
  /** As shown: the value itself, "Not known" for UNKNOWN_VALUE, a tag's or account's name. */
  label: string
  count: number
}

/**
 * How many sites each filter value would show: each facet counts the sites matching the
 * search and every OTHER filter, so its numbers say what ticking a value would show.
 */
export interface SiteFacets {
  php: FacetValue<string>[]
  mysql: FacetValue<string>[]
  web: FacetValue<string>[]
  status: FacetValue<string>[]
  /** By tag key; a tag's label is its name (with its account's label when the scope has several). */
  tags: FacetValue<TagKey>[]
  /** By account id, for scopes of more than one account. */
  accounts: FacetValue<string>[]
  hasUpdates: number
  neverChecked: number
  /** Sites with each health finding (every cause listed, unfound ones at 0). */
  health: FacetValue<HealthCause>[]
}

export interface SitesPage {
  /**
   * What the answer was computed from: it changes whenever a write changes an account of the
   * scope, so an answer can be told from an older one and a window knows to ask again.
   */
  revision: string
  /** Every row of the scope, whatever the filter. */
  scopeTotal: number
  /** Rows matching the filter (and `keys`, when given). */
  total: number
  /** Where `rows` starts in the matching rows. */
  offset: number
  /** With `columns` asked, each row is a TableRow (typed SiteRow for the askers of whole sites). */
  rows: SiteRow[]
  /** When asked for (`widest`): each named column's longest cells over the scope. */
  widest?: WidestCells
  /** A digest of the range's rows (asked again with `unlessDigest`, the same rows are not sent again). */
  digest?: string
  /** The range's rows are those of `unlessDigest`: `rows` is empty and the asker keeps its own. */
  unchanged?: true
  /** When asked for; else null. */
  facets: SiteFacets | null
}

/**
 * A selection of the table: rows named one by one, or every row matching the view's query
 * (Ctrl/Cmd+A), so selecting fifty thousand rows ships no list.
 */
export type SiteSelection =
  | { kind: 'keys'; keys: readonly RowKey[] }
  | { kind: 'matching'; except: readonly RowKey[] }

export const NO_SELECTION: SiteSelection = Object.freeze({ kind: 'keys', keys: Object.freeze([]) as readonly RowKey[] })

/** What the store knows of one account of a scope, read at once without the network. */
export interface ScopeAccount {
  accountId: string
  /** As stored: the last sync's time and outcome, never a guess. */
  sync: SyncState
  siteCount: number
  /** Pending updates of all its sites (a site never checked has none yet): the tab title's and dock badge's count. */
  pendingUpdates: number
  /** As counted when read: the window does not read the summary again for a change to events alone. */
  eventCount: number
  /** The account's tags by name, each with how many of its sites carry it. */
  tags: Array<Tag & { siteCount: number }>
  /** The account's revision: changes with every write to it. */
  revision: number
}

/** The small facts of a scope: every account of it, in the scope's order. */
export interface ScopeSummary {
  accounts: ScopeAccount[]
}
