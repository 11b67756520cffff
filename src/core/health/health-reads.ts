// The answers of health:scope and health:site, read from the health store: only sites that the
// account still has and that are checked; response times and uptime from the rolled-up rows.
import type { Site } from '../../shared'
import { HEALTH_CAUSES, type HealthCause, type HealthFinding, type ResponseTimePoint, type ScopeHealth, type SiteHealth } from '../../shared/health'
import { keyOf, parseKey } from '../../shared/scope'
import { EOL_AS_OF } from './eol-table'
import type { HealthStore } from './health-store'
import type { HealthSettings } from '../../shared/health'
import type { SiteFindings } from './site-findings'

const DAY_MS = 86_400_000
const INCIDENTS_SHOWN = 50

export interface ReadContext {
  store: HealthStore
  settings: HealthSettings
  sites: (accountId: string) => readonly Site[]
  /** The account's findings of the sites that are checked, worst first (site-findings.ts). */
  findings: (accountId: string) => SiteFindings
  isDemo: (accountId: string) => boolean
  nowMs: number
}

export function siteEnabled(settings: HealthSettings, accountId: string, siteId: number): boolean {
  return settings.accounts[accountId] !== false && settings.sites[keyOf(accountId, siteId)]?.enabled !== false
}

/**
 * The test of siteEnabled for every site of one account, made once: the sites turned off are
 * few, so they are found once instead of a key made and looked up per site (80 ms at 50,000).
 */
export function enabledInAccount(settings: HealthSettings, accountId: string): (siteId: number) => boolean {
  if (settings.accounts[accountId] === false) return () => false
  const off = new Set<number>()
  for (const [key, options] of Object.entries(settings.sites)) {
    if (options.enabled !== false) continue
    const parsed = parseKey(key)
    if (parsed?.accountId === accountId) off.add(parsed.id)
  }
  return off.size === 0 ? () => true : (siteId) => !off.has(siteId)
}

export function scopeHealth(ctx: ReadContext, accountIds: readonly string[]): ScopeHealth {
  const counts = Object.fromEntries(HEALTH_CAUSES.map((cause) => [cause, 0])) as Record<HealthCause, number>
  const sites: Record<string, HealthFinding[]> = {}
  for (const accountId of accountIds) {
    if (ctx.settings.accounts[accountId] === false) continue
    const known = new Set(ctx.sites(accountId).map((site) => site.id))
    for (const [siteId, findings] of ctx.findings(accountId)) {
      if (!known.has(siteId)) continue
      sites[keyOf(accountId, siteId)] = [...findings]
      for (const cause of new Set(findings.map((f) => f.cause))) counts[cause]++
    }
  }
  const last = ctx.store.lastCheckedMs(accountIds)
  return { counts, sites, checkedAt: last === null ? null : new Date(last).toISOString(), eolAsOf: EOL_AS_OF }
}

export function siteHealth(ctx: ReadContext, accountId: string, siteId: number): SiteHealth {
  const hours7 = ctx.store.responseTimes(accountId, siteId, 'hour', ctx.nowMs - 7 * DAY_MS)
  const days30 = ctx.store.responseTimes(accountId, siteId, 'day', ctx.nowMs - 30 * DAY_MS)
  const options = ctx.settings.sites[keyOf(accountId, siteId)]
  return {
    site: keyOf(accountId, siteId),
    enabled: siteEnabled(ctx.settings, accountId, siteId),
    lookFor: options?.lookFor ?? null,
    simulated: ctx.isDemo(accountId),
    checks: ctx.store.siteStates(accountId, siteId),
    responseTimes: { hours7, days30 },
    uptime: { days7: uptime(hours7), days30: uptime(days30) },
    incidents: ctx.store.incidents(accountId, siteId, INCIDENTS_SHOWN),
    eolAsOf: EOL_AS_OF,
  }
}

function uptime(points: readonly ResponseTimePoint[]): number | null {
  let checks = 0
  let up = 0
  for (const point of points) {
    checks += point.checks
    up += point.up
  }
  return checks === 0 ? null : Math.round((up / checks) * 10_000) / 100
}
