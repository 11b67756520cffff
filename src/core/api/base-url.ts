// The account's base URL is the one address the token may ever be sent to (DESIGN.md, security
// lines). These two pure functions are the single definition of "the base URL" and "inside it",
// shared by the API client (requests, redirects) and the accounts code (input checks).
import { AppErrorException } from '../errors'

function invalid(message: string): AppErrorException {
  return new AppErrorException({ code: 'invalid_input', message })
}

/**
 * Loopback hosts may use plain http: traffic never leaves the machine. Only names that are
 * loopback on every system count: exactly "localhost", 127.0.0.0/8 and ::1. Subdomains of
 * .localhost are not, because not every resolver keeps them on this machine (RFC 6761 only
 * asks it to), and a proxy setting could send them elsewhere.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost') return true
  if (host === '[::1]' || host === '::1') return true
  // WHATWG URL has already normalised IPv4 forms (e.g. 127.1, 0x7f.1) to dotted decimal.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * Turns what a person typed into the canonical base URL: origin plus path, no trailing slash.
 * Refuses anything the token must not be sent to: other schemes, plain http to a remote host,
 * and URLs with credentials, a query or a fragment (they would be silently dropped or leak).
 */
export function normalizeBaseUrl(input: string): string {
  const trimmed = input.trim()
  if (trimmed === '') throw invalid('Enter the address of the API, for example https://example.com/api/v1.')
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw invalid(`"${trimmed}" is not a web address. Enter the full address of the API, starting with https://.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid(`The address must start with https:// (it starts with ${url.protocol}//).`)
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid(
      'The address must use https://. Plain http:// is only allowed for this computer (localhost, 127.0.0.1, ::1), because the token would travel unencrypted.',
    )
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('Remove the user name and password from the address; the token is entered separately.')
  }
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(trimmed)) {
    throw invalid('Remove the part after "?" or "#" from the address; enter only the API root, for example https://example.com/api/v1.')
  }
  const path = url.pathname.replace(/\/+$/, '')
  return `${url.origin}${path}`
}

function pathPrefix(base: URL): string {
  return base.pathname.replace(/\/+$/, '')
}

/**
 * True when `url` is on the same origin (scheme, host, port) as `baseUrl` and its path is the
 * base path or below it. Relative or unparseable addresses and addresses with credentials are
 * never inside: the caller resolves relative addresses first, on purpose.
 */
export function isWithinBaseUrl(url: string, baseUrl: string): boolean {
  let target: URL
  let base: URL
  try {
    target = new URL(url)
    base = new URL(baseUrl)
  } catch {
    return false
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false
  if (target.origin !== base.origin) return false
  if (target.username !== '' || target.password !== '') return false
  const prefix = pathPrefix(base)
  // The URL parser has already resolved "." and ".." segments (also %2e%2e), so a plain prefix
  // check on whole segments is exact: /api/v1 does not contain /api/v10 or /api/v1x.
  return prefix === '' || target.pathname === prefix || target.pathname.startsWith(`${prefix}/`)
}

/** Builds the address of an API path (e.g. "/sites/3") with an optional query below the base URL. */
export function apiUrl(baseUrl: string, path: string, query?: Record<string, string | number>): URL {
  const base = new URL(baseUrl)
  const url = new URL(`${base.origin}${pathPrefix(base)}${path}`)
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value))
  return url
}
