// Which RDAP service answers for a top-level domain: IANA's bootstrap file for domains
// (RFC 9224). The app ships a small snapshot of it (rdap-bootstrap.json: written by hand for
// the common top-level domains, since it could not be downloaded where the app was built) and
// replaces it with IANA's full file, fetched once a month at most while the app is online.
// A top-level domain that the file does not list has no RDAP: its domains are "unknown".
import snapshot from './rdap-bootstrap.json'

export const IANA_BOOTSTRAP_URL = 'https://data.iana.org/rdap/dns.json'
export const BOOTSTRAP_REFRESH_MS = 30 * 86_400_000

/** Top-level domain (punycode, lower case) to the base URL of its registry's RDAP service. */
export type RdapBootstrap = ReadonlyMap<string, string>

/** The services of an IANA bootstrap file; null for anything that is not one. */
export function parseBootstrap(file: unknown): RdapBootstrap | null {
  const services = (file as { services?: unknown } | null)?.services
  if (!Array.isArray(services)) return null
  const map = new Map<string, string>()
  for (const service of services) {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) continue
    const urls = (service[1] as unknown[]).filter((u): u is string => typeof u === 'string')
    // RFC 9224 lists https first by convention but does not require it: prefer it.
    const url = urls.find((u) => u.startsWith('https://')) ?? urls.find((u) => u.startsWith('http://'))
    if (url === undefined) continue
    for (const tld of service[0] as unknown[]) if (typeof tld === 'string') map.set(tld.toLowerCase(), url.endsWith('/') ? url : `${url}/`)
  }
  return map.size === 0 ? null : map
}

export const SHIPPED_BOOTSTRAP: RdapBootstrap = parseBootstrap(snapshot) ?? new Map()

/** The RDAP base URL for a domain's top-level domain; undefined when it has none. */
export function rdapServiceFor(bootstrap: RdapBootstrap, domain: string): string | undefined {
  const tld = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase()
  return bootstrap.get(tld)
}
