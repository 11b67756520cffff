// The Overview's figures of a scope, worked out in core from the sites it stores (core/overview)
// so the renderer never holds a scope's whole list: the totals of the cards, the sites with the
// most pending updates, and how PHP, MySQL and the web servers are spread over the sites.
// Versions are grouped the way people talk about them ("PHP 8.2", "MariaDB 10.6", "nginx"),
// each group keeping the exact values it holds: its slice opens the Sites view filtered to
// exactly those values, the filter the Sites view already understands.
import type { HealthCause } from './health'
import type { RowKey } from './scope'

/** How many sites the pending-updates chart shows. */
export const TOP_PENDING = 15
/** Groups beyond this many are folded into one "Other" slice, so a pie stays readable. */
export const MAX_SLICES = 7
/** A site last checked longer ago than this counts as not checked lately. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** The label of the group of sites whose server did not report the value. */
export const NOT_KNOWN_GROUP = 'Not known'
/** The label of the slice the smallest groups are folded into. */
export const OTHER_GROUP = 'Other'

export interface OverviewTotals {
  sites: number
  /** Sites with at least one pending update. */
  withUpdates: number
  /** All pending updates added up. */
  pendingUpdates: number
  /** Sites the server never checked. */
  neverChecked: number
  /** Sites last checked more than STALE_AFTER_MS ago (the never checked are not counted here). */
  stale: number
}

/** One bar of the pending-updates chart: a site of the scope, in its own account. */
export interface PendingSite {
  key: RowKey
  accountId: string
  /** The site's id in its account. */
  siteId: number
  name: string
  updates: number
}

export type VersionFacet = 'php' | 'mysql' | 'web'
export const VERSION_FACETS: readonly VersionFacet[] = ['php', 'mysql', 'web']

export interface ExactValue {
  /** As the server reports it; '' for "not known" (the Sites filter's own value for it). */
  value: string
  count: number
}

export interface VersionGroup {
  label: string
  count: number
  /** The exact values in the group, most sites first: what the slice's link filters on. */
  values: ExactValue[]
}

/** The Overview's "Needs attention" card: what core's own health checks found (core/health). */
export interface OverviewHealth {
  /** Sites with each finding. */
  counts: Record<HealthCause, number>
  /** Sites with any finding. */
  sites: number
  /** When the last check of the scope ended; null before any (nothing is known yet). */
  checkedAt: string | null
}

export interface OverviewStats {
  totals: OverviewTotals
  /** Absent from a core that does not check health (the renderer tests' in-memory one). */
  health?: OverviewHealth
  /** At most TOP_PENDING sites with pending updates, most first (ties by name, account, id). */
  pending: PendingSite[]
  /** Per facet, the groups most sites first, "Other" after them and "Not known" last. */
  versions: Record<VersionFacet, VersionGroup[]>
}
