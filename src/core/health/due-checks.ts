// Which checks of which sites are due at a tick: reachability every interval (each site a little
// early by a stable share of it, so that a portfolio's checks spread over the interval instead
// of bunching at one tick), again a minute after a first failure (the two-failure rule), TLS,
// DNS, the domain and end of life daily; TLS only for https addresses.
import type { Site } from '../../shared'
import type { HealthCheck } from '../../shared/health'
import { DOWN_AFTER_MS } from './reachability-check'
import type { DueInfo } from './health-store'

export const DAILY_MS = 86_400_000
/** The most a site's reachability check comes early: a tenth of the interval. */
const JITTER_SHARE = 0.1

export interface DueCheck {
  site: Site
  /** The site's place among the account's sites (ascending id), for the demo's roles. */
  index: number
  check: HealthCheck
}

export function dueChecks(sites: readonly Site[], due: ReadonlyMap<string, DueInfo>, enabled: (siteId: number) => boolean, nowMs: number, intervalMs: number): DueCheck[] {
  const out: DueCheck[] = []
  sites.forEach((site, index) => {
    if (!enabled(site.id)) return
    const info = (check: HealthCheck): DueInfo | undefined => due.get(`${site.id}:${check}`)
    const reach = info('reachability')
    const early = stableShare(site.id) * JITTER_SHARE * intervalMs
    if (reach === undefined || nowMs - reach.checkedMs >= intervalMs - early || (reach.failuresInRow > 0 && nowMs - reach.checkedMs >= DOWN_AFTER_MS)) {
      out.push({ site, index, check: 'reachability' })
    }
    const https = site.url.toLowerCase().startsWith('https:')
    for (const check of ['tls', 'dns', 'domain', 'eol'] as const) {
      if (check === 'tls' && !https) continue
      const last = info(check)
      if (last === undefined || nowMs - last.checkedMs >= DAILY_MS) out.push({ site, index, check })
    }
  })
  return out
}

/** A number in [0, 1) that is always the same for a site. */
function stableShare(siteId: number): number {
  const x = Math.sin(siteId * 12.9898) * 43758.5453
  return x - Math.floor(x)
}
