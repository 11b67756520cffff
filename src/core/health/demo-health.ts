// The demo workspace's health, simulated: its sites have made-up addresses that must never be
// checked over the network, so their results come from here. A new person sees every kind of
// finding at once: a few sites down, one slow, one certificate expiring, a keyword missing, DNS
// pointing elsewhere, and the end-of-life findings of the demo's own PHP and database versions.
import type { Site } from '../../shared'
import type { DnsDetails, DomainDetails, ReachabilityDetails, TlsDetails } from '../../shared/health'
import { finding, isoDay, plain, type CheckOutcome } from './check-outcome'
import { checkEndOfLife } from './eol-check'
import { rdapServiceFor, SHIPPED_BOOTSTRAP } from './rdap-bootstrap'
import { registrableDomain } from './rdap-check'
import type { HealthCheck } from '../../shared/health'

const DAY_MS = 86_400_000

/** Which simulated finding a demo site has, by its place among the account's sites (ascending id). */
const ROLES: Readonly<Record<number, 'down' | 'slow' | 'certificate' | 'keyword' | 'dns'>> = {
  1: 'down',
  4: 'certificate',
  6: 'keyword',
  9: 'dns',
  12: 'down',
  15: 'slow',
  19: 'down',
}

/** The look-for text the demo's keyword site is simulated with. */
export const DEMO_LOOK_FOR = 'Opening hours'

/** The look-for text a demo site is shown with (its keyword is simulated missing); null for the others. */
export function demoLookFor(index: number): string | null {
  return ROLES[index] === 'keyword' ? DEMO_LOOK_FOR : null
}

export function demoOutcome(check: HealthCheck, site: Site, index: number, nowMs: number, warningDays: number): CheckOutcome | null {
  const role = ROLES[index]
  let url: URL
  try {
    url = new URL(site.url)
  } catch {
    return null
  }
  const host = url.hostname
  // A stable spread of response times per site, wobbling a little from check to check.
  const baseMs = 140 + ((site.id * 53) % 460)
  const wobble = Math.round(Math.abs(Math.sin(nowMs / 600_000 + site.id)) * 60)
  switch (check) {
    case 'reachability': {
      const details: ReachabilityDetails = { kind: 'reachability', status: 200, finalUrl: url.href, redirects: 0, ttfbMs: Math.round((baseMs + wobble) * 0.7), totalMs: baseMs + wobble, keyword: null, failuresInRow: 0, failingSince: null }
      if (role === 'down') {
        const down = { ...details, status: null, ttfbMs: null, totalMs: null, failuresInRow: 2, failingSince: new Date(nowMs - 47 * 60_000).toISOString() }
        return { ...finding('reachability', 'down', `${host} did not accept a connection within 15 s.`, down), sample: { up: false, ms: null } }
      }
      const sample = { up: true, ms: details.totalMs }
      if (role === 'slow') {
        const slow = { ...details, ttfbMs: 4100, totalMs: 4850 }
        return { ...finding('reachability', 'slow', `${host} took 4850 ms to answer (Slow is above 3000 ms).`, slow), sample: { up: true, ms: 4850 } }
      }
      if (role === 'keyword') {
        return { ...finding('reachability', 'keywordMissing', `The page does not contain "${DEMO_LOOK_FOR}".`, { ...details, keyword: 'missing' }), sample }
      }
      return { ...plain('reachability', 'ok', `Answered HTTP 200 in ${details.totalMs} ms.`, details), sample }
    }
    case 'tls': {
      if (url.protocol !== 'https:') return null
      // Half a day past the fifth: it reads "in 5 days" whenever within the cycle it is worded.
      const expiresMs = role === 'certificate' ? nowMs + 5.5 * DAY_MS : nowMs + (40 + (site.id % 50)) * DAY_MS
      const details: TlsDetails = { kind: 'tls', expiresAt: new Date(expiresMs).toISOString(), issuer: "Let's Encrypt", validForHost: true, trusted: true }
      if (role === 'certificate' || expiresMs - nowMs < warningDays * DAY_MS) {
        return finding('tls', 'certificateExpiring', `The certificate of ${host} expires in ${Math.floor((expiresMs - nowMs) / DAY_MS)} days, on ${isoDay(expiresMs)}.`, details)
      }
      return plain('tls', 'ok', `Valid until ${isoDay(expiresMs)}, issued by Let's Encrypt.`, details)
    }
    case 'domain': {
      const domain = registrableDomain(host)
      const service = domain === null ? undefined : rdapServiceFor(SHIPPED_BOOTSTRAP, domain)
      if (domain === null || service === undefined) {
        const details: DomainDetails = { kind: 'domain', domain, expiresAt: null, rdapService: null }
        return plain('domain', 'unknown', domain === null ? 'The address has no registered domain.' : `The registry of .${domain.slice(domain.lastIndexOf('.') + 1)} offers no RDAP, so ${domain}'s expiry is not known.`, details)
      }
      const expiresMs = nowMs + (90 + ((site.id * 31) % 600)) * DAY_MS
      return plain('domain', 'ok', `${domain} is registered until ${isoDay(expiresMs)}.`, { kind: 'domain', domain, expiresAt: new Date(expiresMs).toISOString(), rdapService: service })
    }
    case 'dns': {
      const expected = site.server.ip
      if (role === 'dns' && expected !== null) {
        const details: DnsDetails = { kind: 'dns', addresses: ['203.0.113.200'], expected }
        return finding('dns', 'dnsElsewhere', `DNS points elsewhere: ${host} is 203.0.113.200, not the server's ${expected} (a CDN or proxy would explain it).`, details)
      }
      const addresses = expected === null ? ['192.0.2.10'] : [expected]
      return plain('dns', 'ok', expected === null ? `${host} points to ${addresses[0]}.` : `${host} points to the server's address ${expected}.`, { kind: 'dns', addresses, expected })
    }
    case 'eol':
      return checkEndOfLife(site.server, nowMs)
  }
}
