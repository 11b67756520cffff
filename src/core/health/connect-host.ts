// A socket to a host's port through the injected network: its name resolved, then each of its
// addresses tried in turn (an IPv6-only host, or one whose first address is dead, still
// connects), all within one deadline.
import type { Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import type { HealthNetwork, ResolvedAddress } from './health-network'

export interface HostTarget {
  host: string
  port: number
  tls?: { ca?: readonly string[] }
  timeoutMs: number
  signal?: AbortSignal
}

export async function connectHost(network: HealthNetwork, target: HostTarget): Promise<Socket | TLSSocket> {
  const started = Date.now()
  const resolving = network.resolve(target.host, target.signal)
  // A resolver that never answers (a DNS server gone quiet) ends at the deadline too.
  const addresses: ResolvedAddress[] = await Promise.race([resolving, expiry(target.timeoutMs, target.signal, resolving, `The name ${target.host} was not resolved within ${target.timeoutMs} ms`, 'EAI_AGAIN')])
  let last: unknown = new Error(`The name ${target.host} has no addresses.`)
  for (const { address } of addresses) {
    const left = target.timeoutMs - (Date.now() - started)
    if (left <= 0) {
      last = Object.assign(new Error(`No connection within ${target.timeoutMs} ms`), { code: 'ETIMEDOUT' })
      break
    }
    try {
      const connecting = network.connect({
        address,
        port: target.port,
        ...(target.tls ? { tls: { servername: target.host, ...(target.tls.ca ? { ca: target.tls.ca } : {}) } } : {}),
        timeoutMs: left,
        ...(target.signal ? { signal: target.signal } : {}),
      })
      // A connector that ignores its time and signal (a host whose packets vanish) still ends here.
      return await Promise.race([connecting, deadline(left, target.signal, connecting)])
    } catch (error) {
      last = error
    }
  }
  throw last
}

/** Rejects after `ms` or on abort; a socket that connects after that is closed at once. */
function deadline(ms: number, signal: AbortSignal | undefined, connecting: Promise<Socket | TLSSocket>): Promise<never> {
  return expiry(ms, signal, connecting, `No connection within ${ms} ms`, 'ETIMEDOUT', () => {
    connecting.then((late) => late.destroy(), () => undefined)
  })
}

/** Rejects with `code` after `ms` or on abort, unless `work` settles first. */
export function expiry(ms: number, signal: AbortSignal | undefined, work: Promise<unknown>, message: string, code: string, onExpired?: () => void): Promise<never> {
  return new Promise((_resolve, reject) => {
    const stop = (): void => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', fail)
    }
    const fail = (): void => {
      stop()
      onExpired?.()
      reject(Object.assign(new Error(message), { code }))
    }
    const timer = setTimeout(fail, ms)
    signal?.addEventListener('abort', fail, { once: true })
    work.then(stop, stop)
  })
}
