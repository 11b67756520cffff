// The Overview's "Needs attention" card: how many of the scope's sites have each health
// finding (core/health, through the same per-account findings the Sites query filters by, so
// a count and the filtered table it opens always agree), and how many have any.
// Imports only shared: the renderer tests' in-memory core runs core/overview too.
import { HEALTH_CAUSES, type HealthCause, type HealthFinding, type OverviewHealth, type Site } from '../../shared'

export interface OverviewHealthAccount {
  sites: readonly Site[]
  /** The account's findings by site id (core/health/site-findings.ts); absent: none known. */
  health?: ReadonlyMap<number, readonly HealthFinding[]>
}

export function overviewHealth(accounts: readonly OverviewHealthAccount[]): Omit<OverviewHealth, 'checkedAt'> {
  const counts = Object.fromEntries(HEALTH_CAUSES.map((cause) => [cause, 0])) as Record<HealthCause, number>
  let sites = 0
  for (const account of accounts) {
    const findings = account.health
    if (findings === undefined || findings.size === 0) continue
    for (const site of account.sites) {
      const list = findings.get(site.id)
      if (list === undefined || list.length === 0) continue
      sites++
      for (const cause of new Set(list.map((f) => f.cause))) counts[cause]++
    }
  }
  return { counts, sites }
}
