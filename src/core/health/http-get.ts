// One GET of a site's address as a visitor's browser would make it, through the injected
// network: redirects followed (up to a limit, a loop named as one), time to the first byte and
// to the end, and at most maxBodyBytes of the page read. Node's own HTTP client runs over the
// socket the injected network opened, one connection per check (a pooled client per site cost
// more CPU for nothing to reuse). Answers an outcome, never throws for anything a server or
// the network does; one deadline covers every hop.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { connectHost } from './connect-host'
import type { HealthNetwork } from './health-network'
import { describeNetworkError, rethrowRefusal } from './network-errors'

export interface HttpGetOptions {
  network: HealthNetwork
  userAgent: string
  /** The Accept header; a browser's by default. */
  accept?: string
  timeoutMs: number
  maxRedirects: number
  maxBodyBytes: number
  /** Trusted CAs (trust-store.ts); reachability reads a page whatever its certificate. */
  ca?: readonly string[]
  signal?: AbortSignal
}

export type HttpGetOutcome =
  | {
      kind: 'answer'
      status: number
      finalUrl: string
      redirects: number
      ttfbMs: number
      totalMs: number
      /** The first maxBodyBytes of the page at most. */
      body: Buffer
      truncated: boolean
    }
  | { kind: 'failure'; reason: string; finalUrl: string; redirects: number }

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export async function httpGet(address: string, options: HttpGetOptions): Promise<HttpGetOutcome> {
  const started = performance.now()
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  let url = new URL(address)
  const seen = new Set<string>()
  for (let redirects = 0; ; redirects++) {
    const failure = (reason: string): HttpGetOutcome => ({ kind: 'failure', reason, finalUrl: url.href, redirects })
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return failure(`The site redirected to ${url.protocol.slice(0, -1)} address, which is not a web page.`)
    }
    seen.add(url.href)
    const hop = await getOnce(url, options, signal, started)
    if (hop.kind === 'failure') return failure(deadline.aborted ? timeoutSentence(url, hop.connected, options.timeoutMs) : hop.reason)
    const location = hop.location
    if (!REDIRECTS.has(hop.status) || location === undefined) {
      return { kind: 'answer', status: hop.status, finalUrl: url.href, redirects, ttfbMs: hop.ttfbMs, totalMs: hop.totalMs, body: hop.body, truncated: hop.truncated }
    }
    let next: URL
    try {
      next = new URL(location, url)
    } catch {
      return failure(`${url.host} redirected to something that is not an address (HTTP ${hop.status}).`)
    }
    if (seen.has(next.href)) return { kind: 'failure', reason: `${url.host} redirects in a loop (back to ${next.href}).`, finalUrl: next.href, redirects: redirects + 1 }
    if (redirects >= options.maxRedirects) {
      return { kind: 'failure', reason: `${url.host} redirected more than ${options.maxRedirects} times.`, finalUrl: next.href, redirects: redirects + 1 }
    }
    url = next
  }
}

type Hop =
  | { kind: 'answer'; status: number; location: string | undefined; ttfbMs: number; totalMs: number; body: Buffer; truncated: boolean }
  | { kind: 'failure'; reason: string; connected: boolean }

async function getOnce(url: URL, options: HttpGetOptions, signal: AbortSignal, started: number): Promise<Hop> {
  const https = url.protocol === 'https:'
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  let socket: Socket
  try {
    socket = await connectHost(options.network, {
      host,
      port: Number(url.port) || (https ? 443 : 80),
      ...(https ? { tls: options.ca ? { ca: options.ca } : {} } : {}),
      timeoutMs: options.timeoutMs,
      signal,
    })
  } catch (error) {
    rethrowRefusal(error)
    return { kind: 'failure', reason: describeNetworkError(error, url.host), connected: false }
  }
  // Node's own HTTP client over the socket the injected network opened (TLS done when https):
  // one connection per check, closed after it, so nothing is pooled between sites.
  const request = httpRequest({
    method: 'GET',
    path: `${url.pathname}${url.search}`,
    headers: { host: url.host, 'user-agent': options.userAgent, accept: options.accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8', connection: 'close' },
    // With no agent, Node uses this connection and pools nothing.
    createConnection: () => socket,
    signal,
  })
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve)
      request.once('error', reject)
      request.end()
    })
    const ttfbMs = performance.now() - started
    const location = response.headers.location
    const redirect = REDIRECTS.has(response.statusCode ?? 0) && location !== undefined
    // A redirect's own body is not the page: none of it is read.
    const { body, truncated } = redirect ? (drop(response), { body: Buffer.alloc(0), truncated: false }) : await readCapped(response, options.maxBodyBytes)
    return { kind: 'answer', status: response.statusCode ?? 0, location, ttfbMs, totalMs: performance.now() - started, body, truncated }
  } catch (error) {
    rethrowRefusal(error)
    return { kind: 'failure', reason: describeNetworkError(error, url.host), connected: true }
  } finally {
    request.destroy()
    socket.destroy()
  }
}

type BodyStream = AsyncIterable<Buffer> & { destroy(): void; on(event: 'error', listener: () => void): unknown }

/** Stops reading a body; the abort undici reports for it is expected, not an error. */
function drop(stream: BodyStream): void {
  stream.on('error', () => undefined)
  stream.destroy()
}

async function readCapped(stream: BodyStream, max: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const room = max - size
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room))
      size = max
      drop(stream)
      // Whatever follows is not read: the page counts as longer than the cap.
      return { body: Buffer.concat(chunks, size), truncated: true }
    }
    chunks.push(chunk)
    size += chunk.length
  }
  return { body: Buffer.concat(chunks, size), truncated: false }
}

function timeoutSentence(url: URL, connected: boolean, timeoutMs: number): string {
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`
  return connected
    ? `${url.host} accepted the connection but did not answer within ${seconds}.`
    : `${url.host} did not accept a connection within ${seconds}.`
}
