// The one way health checks reach the network: a resolver (names to addresses) and a connector
// (a socket to one address, TLS when asked). Every check takes it injected, so tests give one
// that answers from loopback servers, and the default under a test runner refuses, loudly, any
// address off the machine: a forgotten case fails instead of reaching out, and no test or
// bench makes a DNS query, a connection or an RDAP look-up beyond 127.0.0.0/8 and ::1.
import { lookup } from 'node:dns/promises'
import { isIP, connect as netConnect, type Socket } from 'node:net'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export interface ConnectTarget {
  address: string
  port: number
  /** TLS on the socket; the certificate is judged by the caller (tls-check.ts), never here. */
  tls?: { servername: string; ca?: readonly string[] }
  timeoutMs: number
  signal?: AbortSignal
}

export interface HealthNetwork {
  /** Every address of the host (A and AAAA); rejects when the name does not resolve. */
  resolve(host: string, signal?: AbortSignal): Promise<ResolvedAddress[]>
  /** A connected socket (its TLS handshake done when asked) to one resolved address. */
  connect(target: ConnectTarget): Promise<Socket | TLSSocket>
}

/** A check tried to leave the machine under the loopback-only network: a bug in a test's setup. */
export class OffMachineRefusedError extends Error {
  constructor(what: string) {
    super(
      `The loopback-only health network refused ${what}: tests and benches may reach only ` +
        '127.0.0.0/8 and ::1. Give the check a resolver answer (loopbackNetwork({ hosts })) for this name.',
    )
    this.name = 'OffMachineRefusedError'
  }
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return address.startsWith('127.')
  if (family === 6) {
    const lower = address.toLowerCase()
    return lower === '::1' || lower === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(lower)
  }
  return false
}

/** The machine's own resolver and sockets: what the app uses for a real account. */
export function systemNetwork(): HealthNetwork {
  return {
    async resolve(host) {
      const family = isIP(host)
      if (family !== 0) return [{ address: host, family: family as 4 | 6 }]
      const answers = await lookup(host, { all: true, verbatim: true })
      return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
    },
    connect: openSocket,
  }
}

export interface LoopbackNetworkOptions {
  /** Names and the loopback addresses they resolve to; every other name is refused. */
  hosts?: Readonly<Record<string, readonly string[]>>
}

/**
 * Resolves only literal addresses, localhost and the names given, and connects only to
 * loopback: anything else throws OffMachineRefusedError before a packet could leave.
 */
export function loopbackNetwork(options: LoopbackNetworkOptions = {}): HealthNetwork {
  const hosts = new Map(Object.entries(options.hosts ?? {}).map(([name, list]) => [name.toLowerCase(), list]))
  return {
    async resolve(host) {
      const name = host.toLowerCase().replace(/\.$/, '')
      const literal = isIP(stripBrackets(name))
      if (literal !== 0) return [checked(stripBrackets(name), `the address ${name}`)]
      const listed = hosts.get(name) ?? (name === 'localhost' ? ['127.0.0.1', '::1'] : undefined)
      if (listed === undefined) throw new OffMachineRefusedError(`a DNS query for ${name}`)
      // A name given with no addresses is a name that does not resolve, as a DNS server says it.
      if (listed.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' })
      return listed.map((address) => checked(address, `${name} at ${address}`))
    },
    async connect(target) {
      if (!isLoopbackAddress(target.address)) throw new OffMachineRefusedError(`a connection to ${target.address}`)
      return openSocket(target)
    },
  }
}

/**
 * The network the app uses unless one is injected: the loopback-only one under a test runner
 * (vitest sets VITEST) or with SITE_MANAGER_LOOPBACK_ONLY=1 (the benches), else the system's.
 */
export function defaultHealthNetwork(env: NodeJS.ProcessEnv = process.env): HealthNetwork {
  const testing = env.VITEST !== undefined || env.SITE_MANAGER_LOOPBACK_ONLY === '1'
  return testing ? loopbackNetwork() : systemNetwork()
}

function checked(address: string, what: string): ResolvedAddress {
  if (!isLoopbackAddress(address)) throw new OffMachineRefusedError(what)
  return { address, family: isIP(address) === 6 ? 6 : 4 }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/** A socket to the target, connected (and its handshake done) within its time, or a rejection. */
function openSocket(target: ConnectTarget): Promise<Socket | TLSSocket> {
  return new Promise((resolve, reject) => {
    if (target.signal?.aborted) {
      reject(new Error('The check was stopped before it connected.'))
      return
    }
    const socket: Socket | TLSSocket = target.tls
      ? tlsConnect({
          host: target.address,
          port: target.port,
          // SNI takes a name, never an address.
          ...(isIP(target.tls.servername) === 0 ? { servername: target.tls.servername } : {}),
          ...(target.tls.ca ? { ca: [...target.tls.ca] } : {}),
          // The certificate is judged by the TLS check; reachability still measures a site
          // whose certificate is wrong, as its visitors' browsers would at least reach it.
          rejectUnauthorized: false,
          ALPNProtocols: ['http/1.1'],
        })
      : netConnect({ host: target.address, port: target.port })
    const finish = (error: Error | null): void => {
      clearTimeout(timer)
      target.signal?.removeEventListener('abort', onAbort)
      socket.off('error', onError)
      if (error) {
        socket.destroy()
        reject(error)
      } else resolve(socket)
    }
    const onError = (error: Error): void => finish(error)
    const onAbort = (): void => finish(new Error('The check was stopped while it connected.'))
    const timer = setTimeout(
      () => finish(Object.assign(new Error(`No connection within ${target.timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      target.timeoutMs,
    )
    target.signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('error', onError)
    socket.once(target.tls ? 'secureConnect' : 'connect', () => finish(null))
  })
}
