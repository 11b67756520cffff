// The domain check: when the site's registrable domain (public suffix list, through tldts; the
// ICANN section only, so a blogspot.com site is judged by blogspot.com's registration) expires,
// from its registry's RDAP service (rdap-bootstrap.ts). The look-up is kept as plain data so
// the store can keep it for a day (one look-up per domain a day); judging it is separate.
import { getDomain } from 'tldts'
import type { DomainDetails } from '../../shared/health'
import { daysAhead, finding, isoDay, plain, type CheckOutcome } from './check-outcome'
import type { HealthNetwork } from './health-network'
import { httpGet } from './http-get'
import { rdapServiceFor, type RdapBootstrap } from './rdap-bootstrap'

/** An RDAP answer is a small JSON document; anything larger is not one. */
const MAX_RDAP_BYTES = 256 * 1024

export type RdapLookup =
  | { kind: 'expiry'; domain: string; service: string; expiresAt: string | null }
  /** No RDAP for this top-level domain, or no registrable domain at all: unknown, not an error. */
  | { kind: 'none'; domain: string | null; reason: string }
  | { kind: 'failed'; domain: string; service: string; reason: string }

export interface RdapOptions {
  network: HealthNetwork
  bootstrap: RdapBootstrap
  userAgent: string
  timeoutMs: number
  ca?: readonly string[]
  signal?: AbortSignal
}

/** The registrable domain of a host (punycode); null for an address or a bare suffix. */
export function registrableDomain(host: string): string | null {
  return getDomain(host.replace(/^\[|\]$/g, ''), { allowPrivateDomains: false })
}

export async function lookUpDomain(domain: string | null, options: RdapOptions): Promise<RdapLookup> {
  if (domain === null) return { kind: 'none', domain: null, reason: 'The address has no registered domain (an IP address or a local name).' }
  const service = rdapServiceFor(options.bootstrap, domain)
  if (service === undefined) {
    return { kind: 'none', domain, reason: `The registry of .${domain.slice(domain.lastIndexOf('.') + 1)} offers no RDAP, so ${domain}'s expiry is not known.` }
  }
  const got = await httpGet(`${service}domain/${encodeURIComponent(domain)}`, {
    network: options.network,
    userAgent: options.userAgent,
    accept: 'application/rdap+json, application/json',
    timeoutMs: options.timeoutMs,
    maxRedirects: 3,
    maxBodyBytes: MAX_RDAP_BYTES,
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })
  if (got.kind === 'failure') return { kind: 'failed', domain, service, reason: `The registry's RDAP service did not answer: ${got.reason}` }
  if (got.status === 404) return { kind: 'none', domain, reason: `The registry does not know ${domain} (RDAP answered 404).` }
  if (got.status !== 200) return { kind: 'failed', domain, service, reason: `The registry's RDAP service answered HTTP ${got.status} for ${domain}.` }
  let body: unknown
  try {
    body = JSON.parse(got.body.toString('utf8'))
  } catch {
    return { kind: 'failed', domain, service, reason: `The registry's RDAP answer for ${domain} is not JSON.` }
  }
  return { kind: 'expiry', domain, service, expiresAt: expirationOf(body) }
}

/** The "expiration" event's date of an RDAP domain object (RFC 9083); null when it has none. */
export function expirationOf(body: unknown): string | null {
  const events = (body as { events?: unknown } | null)?.events
  if (!Array.isArray(events)) return null
  for (const event of events as { eventAction?: unknown; eventDate?: unknown }[]) {
    if (event?.eventAction !== 'expiration' || typeof event.eventDate !== 'string') continue
    const ms = Date.parse(event.eventDate)
    if (!Number.isNaN(ms)) return new Date(ms).toISOString()
  }
  return null
}

export function judgeDomain(lookup: RdapLookup, nowMs: number, warningDays: number): CheckOutcome {
  const service = lookup.kind === 'none' ? null : lookup.service
  const details: DomainDetails = { kind: 'domain', domain: lookup.domain, expiresAt: lookup.kind === 'expiry' ? lookup.expiresAt : null, rdapService: service }
  if (lookup.kind !== 'expiry') return plain('domain', 'unknown', lookup.reason, details)
  if (lookup.expiresAt === null) return plain('domain', 'unknown', `The registry does not say when ${lookup.domain} expires.`, details)
  const ms = Date.parse(lookup.expiresAt)
  if (ms <= nowMs) return finding('domain', 'domainExpired', `The registration of ${lookup.domain} expired on ${isoDay(ms)}.`, details)
  const days = daysAhead(ms, nowMs)
  if (days < warningDays) {
    return finding('domain', 'domainExpiring', `The registration of ${lookup.domain} expires ${days <= 1 ? (days <= 0 ? 'today' : 'tomorrow') : `in ${days} days`}, on ${isoDay(ms)}.`, details)
  }
  return plain('domain', 'ok', `${lookup.domain} is registered until ${isoDay(ms)}.`, details)
}
