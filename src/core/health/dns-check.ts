// The DNS check: the host's addresses (A and AAAA, through the injected resolver) against the
// API's server.ip. Pointing elsewhere is only a notice: a CDN or a proxy in front of the server
// does exactly that. A name that does not resolve is "unknown" here; reachability says Down.
import type { DnsDetails } from '../../shared/health'
import { finding, plain, type CheckOutcome } from './check-outcome'
import { expiry } from './connect-host'
import type { HealthNetwork } from './health-network'
import { describeNetworkError, rethrowRefusal } from './network-errors'

export async function checkDns(address: string, expectedIp: string | null, network: HealthNetwork, signal?: AbortSignal, timeoutMs = 10_000): Promise<CheckOutcome> {
  const url = new URL(address)
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const expected = expectedIp === null || expectedIp.trim() === '' ? null : expectedIp.trim()
  const details: DnsDetails = { kind: 'dns', addresses: [], expected }
  let addresses: string[]
  try {
    const resolving = network.resolve(host, signal)
    addresses = (await Promise.race([resolving, expiry(timeoutMs, signal, resolving, `The name ${host} was not resolved within ${timeoutMs} ms`, 'EAI_AGAIN')])).map((a) => a.address)
  } catch (error) {
    rethrowRefusal(error)
    return plain('dns', 'unknown', describeNetworkError(error, host), details)
  }
  details.addresses = addresses
  if (expected === null) return plain('dns', 'ok', `${host} points to ${addresses.join(', ')}.`, details)
  if (addresses.some((a) => sameAddress(a, expected))) return plain('dns', 'ok', `${host} points to the server's address ${expected}.`, details)
  return finding('dns', 'dnsElsewhere', `DNS points elsewhere: ${host} is ${addresses.slice(0, 3).join(', ')}, not the server's ${expected} (a CDN or proxy would explain it).`, details)
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase().replace(/^::ffff:/, '') === b.toLowerCase().replace(/^::ffff:/, '')
}
