// The web shell's tab title with the pending updates in front, as mail apps show unread mail:
// "(12) Site Manager". The count is the same one core puts on the desktop's dock badge: every
// pending update of every account.
import type { Site } from '../../../shared'

export function pendingTitle(appName: string, pending: number): string {
  return pending > 0 ? `(${pending}) ${appName}` : appName
}

/** The pending updates of a list of sites (a site never checked has none yet). */
export function pendingOf(sites: readonly Site[]): number {
  let total = 0
  for (const site of sites) total += site.updates_count ?? 0
  return total
}
