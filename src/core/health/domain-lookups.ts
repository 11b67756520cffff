// The domain registration check's look-ups (RDAP): one look-up per domain at a time however
// many sites share it, a look-up made within the day judged again instead of asked again
// (registries are shared by thousands of domains and rate-limit), and IANA's bootstrap file
// (which registry answers for which top-level domain) fetched at most monthly, the shipped
// snapshot serving until then or when the fetch fails.
import type { CheckOutcome } from './check-outcome'
import { DAILY_MS } from './due-checks'
import type { HealthNetwork } from './health-network'
import type { HealthStore } from './health-store'
import { httpGet } from './http-get'
import { BOOTSTRAP_REFRESH_MS, IANA_BOOTSTRAP_URL, parseBootstrap, SHIPPED_BOOTSTRAP, type RdapBootstrap } from './rdap-bootstrap'
import { judgeDomain, lookUpDomain, registrableDomain, type RdapLookup } from './rdap-check'
import { hostOf } from './site-address'

export const DOMAIN_TIMEOUT_MS = 15_000

export interface DomainLookupsOptions {
  store: HealthStore
  network: HealthNetwork
  userAgent: string
  /** Trusted CAs besides the system's. */
  ca?: readonly string[]
  /** Where IANA's bootstrap file is fetched from (tests give a loopback one). */
  bootstrapUrl?: string
  onError?: (error: unknown) => void
}

export class DomainLookups {
  private readonly pending = new Map<string, Promise<RdapLookup>>()

  constructor(private readonly options: DomainLookupsOptions) {}

  /** The domain judged from a look-up made within the day, if there is one. */
  cached(url: string, nowMs: number, warningDays: number): CheckOutcome | null {
    const domain = registrableDomain(hostOf(url))
    if (domain === null) return judgeDomain({ kind: 'none', domain: null, reason: 'The address has no registered domain (an IP address or a local name).' }, nowMs, warningDays)
    const kept = this.options.store.rdap(domain)
    return kept && nowMs - kept.checkedMs < DAILY_MS ? judgeDomain(kept.lookup as RdapLookup, nowMs, warningDays) : null
  }

  /** Looks the address's domain up (sharing a look-up under way), keeps the answer, and judges it. */
  async check(url: string, nowMs: number, warningDays: number, signal: AbortSignal, bootstrap: () => Promise<RdapBootstrap>): Promise<CheckOutcome> {
    const { network, userAgent, ca } = this.options
    const domain = registrableDomain(hostOf(url))
    const key = domain ?? ''
    let pending = this.pending.get(key)
    if (!pending) {
      pending = bootstrap().then((file) => lookUpDomain(domain, { network, bootstrap: file, userAgent, timeoutMs: DOMAIN_TIMEOUT_MS, signal, ...(ca ? { ca } : {}) }))
      this.pending.set(key, pending)
    }
    try {
      const lookup = await pending
      if (domain !== null) this.options.store.setRdap(domain, lookup, nowMs)
      return judgeDomain(lookup, nowMs, warningDays)
    } finally {
      this.pending.delete(key)
    }
  }

  /** IANA's bootstrap file as last fetched (at most monthly), or the shipped snapshot. */
  async bootstrap(nowMs: number): Promise<RdapBootstrap> {
    const { store } = this.options
    const kept = store.meta('rdapBootstrap') as { fetchedMs: number; file: unknown } | undefined
    if (kept && nowMs - kept.fetchedMs < BOOTSTRAP_REFRESH_MS) return parseBootstrap(kept.file) ?? SHIPPED_BOOTSTRAP
    const got = await httpGet(this.options.bootstrapUrl ?? IANA_BOOTSTRAP_URL, {
      network: this.options.network,
      userAgent: this.options.userAgent,
      accept: 'application/json',
      timeoutMs: DOMAIN_TIMEOUT_MS,
      maxRedirects: 3,
      maxBodyBytes: 2 * 1024 * 1024,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    }).catch((error: unknown) => {
      this.options.onError?.(error)
      return null
    })
    let file: unknown = null
    try {
      if (got?.kind === 'answer' && got.status === 200) file = JSON.parse(got.body.toString('utf8'))
    } catch {
      file = null
    }
    const parsed = parseBootstrap(file)
    // A failed fetch is tried again next month too: the snapshot serves meanwhile.
    store.setMeta('rdapBootstrap', { fetchedMs: nowMs, file: parsed ? file : (kept?.file ?? null) })
    return parsed ?? (kept ? (parseBootstrap(kept.file) ?? SHIPPED_BOOTSTRAP) : SHIPPED_BOOTSTRAP)
  }
}
