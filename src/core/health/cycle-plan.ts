// What one cycle does for each account whose checks are on: the checks due now (and the
// rechecks a change of options asked for), split into results known at once (the demo's
// simulation, end of life, a domain looked up within the day) and jobs for the check runner
// (through the network). Nothing goes out for the demo or while the machine is offline, and the
// costly checks are spread: a few RDAP look-ups per tick, a large portfolio's daily checks over
// the first hour.
import type { Account, Site } from '../../shared'
import type { HealthCheck, HealthSettings } from '../../shared/health'
import type { CheckOutcome } from './check-outcome'
import type { HealthJob } from './check-runner'
import { demoLookFor, demoOutcome } from './demo-health'
import type { DomainLookups } from './domain-lookups'
import { dueChecks, type DueCheck } from './due-checks'
import { checkEndOfLife } from './eol-check'
import { siteEnabled } from './health-reads'
import type { HealthStore, RecordEntry } from './health-store'
import { isWebAddress } from './site-address'

/** RDAP look-ups per tick at most: registries are shared by thousands of domains and rate-limit. */
const RDAP_PER_TICK = 10

export interface CyclePlanInput {
  accounts: readonly Account[]
  settings: HealthSettings
  startedMs: number
  online: boolean
  /** The checks that run at all. */
  wanted: ReadonlySet<HealthCheck>
  store: HealthStore
  sites: (accountId: string) => readonly Site[]
  domains: DomainLookups
  /** Sites ("accountId:siteId") whose reachability is checked now, due or not; taken from as planned. */
  recheck: Set<string>
  job: (accountId: string, due: DueCheck) => HealthJob
}

export interface CyclePlan {
  /** Results known without the network, recorded with the cycle's. */
  immediate: RecordEntry[]
  jobs: HealthJob[]
}

export function planCycle(input: CyclePlanInput): CyclePlan {
  const { settings, startedMs: started, store } = input
  const intervalMs = settings.intervalMinutes * 60_000
  const immediate: RecordEntry[] = []
  const jobs: HealthJob[] = []
  let rdapJobs = 0
  let dailyJobs = 0
  for (const account of input.accounts) {
    if (settings.accounts[account.id] === false) continue
    const sites = input.sites(account.id)
    store.forgetSitesExcept(account.id, new Set(sites.map((s) => s.id)))
    // Daily checks of a large portfolio spread over the first hour rather than one cycle.
    const dailyCap = Math.ceil(sites.length / 60) + 50
    const dueList = dueChecks(sites, store.dueInfo(account.id), (id) => siteEnabled(settings, account.id, id), started, intervalMs)
    addRechecks(input.recheck, account.id, sites, dueList, settings)
    for (const due of dueList) {
      if (!input.wanted.has(due.check)) continue
      const entry = (outcome: CheckOutcome | null): void => {
        if (outcome) immediate.push({ accountId: account.id, siteId: due.site.id, outcome })
      }
      // The demo is never checked over the network: its results are its own.
      if (account.kind === 'demo') {
        entry(demoOutcome(due.check, due.site, due.index, started, settings.warningDays))
        // The site whose keyword is simulated missing shows the text it looks for.
        const lookFor = demoLookFor(due.index)
        const key = `${account.id}:${due.site.id}`
        if (due.check === 'reachability' && lookFor !== null && settings.sites[key] === undefined) store.setSiteOptions(account.id, due.site.id, { enabled: true, lookFor })
      } else if (due.check === 'eol') entry(checkEndOfLife(due.site.server, started))
      else if (!input.online || (due.check !== 'reachability' && !isWebAddress(due.site.url))) continue
      else if (due.check === 'domain') {
        const cached = input.domains.cached(due.site.url, started, settings.warningDays)
        if (cached) entry(cached)
        else if (rdapJobs < RDAP_PER_TICK) {
          rdapJobs++
          jobs.push(input.job(account.id, due))
        }
      } else if (due.check !== 'reachability') {
        if (dailyJobs++ < dailyCap) jobs.push(input.job(account.id, due))
      } else jobs.push(input.job(account.id, due))
    }
  }
  return { immediate, jobs }
}

/** Adds the reachability checks asked for by a change of options that are not due anyway. */
function addRechecks(recheck: Set<string>, accountId: string, sites: readonly Site[], due: DueCheck[], settings: HealthSettings): void {
  if (recheck.size === 0) return
  sites.forEach((site, index) => {
    const key = `${accountId}:${site.id}`
    if (!recheck.delete(key) || !siteEnabled(settings, accountId, site.id)) return
    if (!due.some((d) => d.site.id === site.id && d.check === 'reachability')) due.push({ site, index, check: 'reachability' })
  })
}
