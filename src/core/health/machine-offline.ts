// Telling the machine offline from every site down: no network interface besides loopback, or
// a cycle whose reachability checks all failed before any answer.
import { networkInterfaces } from 'node:os'
import type { RecordEntry } from './health-store'

/** Five or more checks that all failed before any answer: the machine, not the sites. */
export function looksOffline(checked: readonly RecordEntry[]): boolean {
  const reach = checked.filter((e) => e.outcome.check === 'reachability')
  return reach.length >= 5 && reach.every((e) => e.outcome.details.kind === 'reachability' && e.outcome.details.status === null && e.outcome.sample?.up === false)
}

/** Any network interface besides loopback is up. */
export function hasNetwork(): boolean {
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((i) => !i.internal))
}
