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
  const addresses: ResolvedAddress[] = await network.resolve(target.host, target.signal)
  let last: unknown = new Error(`The name ${target.host} has no addresses.`)
  for (const { address } of addresses) {
    const left = target.timeoutMs - (Date.now() - started)
    if (left <= 0) break
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
  return new Promise((_resolve, reject) => {
    const fail = (): void => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', fail)
      connecting.then((late) => late.destroy(), () => undefined)
      reject(Object.assign(new Error(`No connection within ${ms} ms`), { code: 'ETIMEDOUT' }))
    }
    const timer = setTimeout(fail, ms)
    signal?.addEventListener('abort', fail, { once: true })
    connecting.then(
      () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', fail)
      },
      () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', fail)
      },
    )
  })
}
