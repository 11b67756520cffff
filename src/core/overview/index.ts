// The Overview's figures of a scope, worked out in core (shared/overview.ts is the answer).
export { overviewStats, overviewTotals, topPending, scopeVersionGroups, type OverviewAccount } from './overview-stats'
export { overviewHealth, type OverviewHealthAccount } from './health-counts'
export { groupLabel, versionGroups, countValues } from './version-groups'
