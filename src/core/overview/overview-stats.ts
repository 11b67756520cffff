// The Overview's figures of a scope (shared/overview.ts), worked out from the sites core
// stores, so the cards, the charts and their tables agree with what the Sites view counts.
// Pure: the channel (channels/overview-channels.ts) reads the lists and checks the scope.
import {
  STALE_AFTER_MS,
  TOP_PENDING,
  VERSION_FACETS,
  keyOf,
  type OverviewStats,
  type OverviewTotals,
  type PendingSite,
  type Site,
  type VersionFacet,
  type VersionGroup,
} from '../../shared'
import { countValues, versionGroups } from './version-groups'

/** One account of the scope: its id and the store's list of its sites. */
export interface OverviewAccount {
  accountId: string
  sites: readonly Site[]
}

export function overviewTotals(accounts: readonly OverviewAccount[], nowMs: number): OverviewTotals {
  let sites = 0
  let withUpdates = 0
  let pendingUpdates = 0
  let neverChecked = 0
  let stale = 0
  const staleBefore = nowMs - STALE_AFTER_MS
  for (const account of accounts) {
    sites += account.sites.length
    for (const site of account.sites) {
      // A site created a moment ago has no updates_count yet: none pending.
      const updates = site.updates_count ?? 0
      if (updates > 0) withUpdates++
      pendingUpdates += updates
      if (site.last_check_at === null) neverChecked++
      else if (Date.parse(site.last_check_at) < staleBefore) stale++
    }
  }
  return { sites, withUpdates, pendingUpdates, neverChecked, stale }
}

function comparePending(a: PendingSite, b: PendingSite): number {
  return b.updates - a.updates || a.name.localeCompare(b.name) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0) || a.siteId - b.siteId
}

/**
 * The sites with the most pending updates, most first (ties by name, account, id), only those
 * with any. One pass keeping the best `limit` in order: a scope of fifty thousand sites, most
 * with updates, is never sorted whole for fifteen bars.
 */
export function topPending(accounts: readonly OverviewAccount[], limit = TOP_PENDING): PendingSite[] {
  const top: PendingSite[] = []
  for (const { accountId, sites } of accounts) {
    for (const site of sites) {
      const updates = site.updates_count ?? 0
      if (updates <= 0) continue
      const worst = top[top.length - 1]
      if (top.length === limit && worst !== undefined && updates < worst.updates) continue
      const candidate: PendingSite = { key: keyOf(accountId, site.id), accountId, siteId: site.id, name: site.name, updates }
      let at = top.length
      while (at > 0 && comparePending(candidate, top[at - 1]!) < 0) at--
      if (at >= limit) continue
      top.splice(at, 0, candidate)
      if (top.length > limit) top.pop()
    }
  }
  return top
}

/** A facet's version groups over every account of the scope. */
export function scopeVersionGroups(accounts: readonly OverviewAccount[], facet: VersionFacet): VersionGroup[] {
  return versionGroups(
    countValues(
      accounts.map((a) => a.sites),
      facet,
    ),
    facet,
  )
}

export function overviewStats(accounts: readonly OverviewAccount[], nowMs: number): OverviewStats {
  const versions = {} as Record<VersionFacet, VersionGroup[]>
  for (const facet of VERSION_FACETS) versions[facet] = scopeVersionGroups(accounts, facet)
  return { totals: overviewTotals(accounts, nowMs), pending: topPending(accounts), versions }
}
