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
      return await network.connect({
        address,
        port: target.port,
        ...(target.tls ? { tls: { servername: target.host, ...(target.tls.ca ? { ca: target.tls.ca } : {}) } } : {}),
        timeoutMs: left,
        ...(target.signal ? { signal: target.signal } : {}),
      })
    } catch (error) {
      last = error
    }
  }
  throw last
}
