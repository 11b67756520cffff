// One due check of one site as a job for the check runner: what it runs through the injected
// network (reachability with the two-failure rule, TLS, DNS against the API's server.ip, the
// domain's registration, end of life) with the settings of its cycle.
import type { HealthSettings } from '../../shared/health'
import type { SyncClock } from '../sync/sync-clock'
import type { HealthJob } from './check-runner'
import { checkDns } from './dns-check'
import type { DomainLookups } from './domain-lookups'
import type { DueCheck } from './due-checks'
import { checkEndOfLife } from './eol-check'
import type { HealthNetwork } from './health-network'
import type { HealthStore } from './health-store'
import type { RdapBootstrap } from './rdap-bootstrap'
import { applyFailureRule, attemptReachability } from './reachability-check'
import { hostOf } from './site-address'
import { checkTls } from './tls-check'

const TIMEOUTS = { reachability: 15_000, tls: 10_000, dns: 10_000 }

export interface CheckJobContext {
  store: HealthStore
  network: HealthNetwork
  clock: SyncClock
  userAgent: string
  /** Trusted CAs besides the system's. */
  ca?: readonly string[]
  domains: DomainLookups
}

export function checkJob(context: CheckJobContext, accountId: string, due: DueCheck, settings: HealthSettings, bootstrap: () => Promise<RdapBootstrap>): HealthJob {
  const { network, userAgent, ca, clock, store } = context
  const url = due.site.url
  const trust = ca ? { ca } : {}
  return {
    accountId,
    siteId: due.site.id,
    host: hostOf(url),
    run: async (signal) => {
      const now = clock.now()
      switch (due.check) {
        case 'reachability': {
          const lookFor = settings.sites[`${accountId}:${due.site.id}`]?.lookFor ?? null
          const attempt = await attemptReachability(url, { network, userAgent, timeoutMs: TIMEOUTS.reachability, slowThresholdMs: settings.slowThresholdMs, lookFor, signal, ...trust })
          return applyFailureRule(attempt, store.state(accountId, due.site.id, 'reachability'), clock.now())
        }
        case 'tls':
          return checkTls(url, { network, nowMs: now, warningDays: settings.warningDays, timeoutMs: TIMEOUTS.tls, signal, ...trust })
        case 'dns':
          return checkDns(url, due.site.server.ip, network, signal, TIMEOUTS.dns)
        case 'domain':
          return context.domains.check(url, now, settings.warningDays, signal, bootstrap)
        case 'eol':
          return checkEndOfLife(due.site.server, now)
      }
    },
  }
}
