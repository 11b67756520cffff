// What a cycle tells the rest of the app: 'health:changed' naming the accounts whose findings
// changed (a cause or its level), and the cycle's one 'attention:summary' of the transitions
// the person asked to be notified of (core/attention words it).
import type { Account, AttentionSummary, PushEvent, PushEvents, Site } from '../../shared'
import type { HealthSettings } from '../../shared/health'
import { healthSummary, healthTransitions } from '../attention/health-summary'
import type { Recorded } from './health-store'
import { hostOf } from './site-address'

export interface Emitter {
  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void
}

/** The accounts whose findings changed in what a cycle recorded. */
export function changedAccounts(recorded: readonly Recorded[]): string[] {
  const changed = new Set<string>()
  for (const { accountId, previous, next } of recorded) {
    if (previous === undefined ? next.cause !== null : previous.cause !== next.cause || previous.level !== next.level) changed.add(accountId)
  }
  return [...changed]
}

/** Pushes health:changed and the cycle's one summary for the accounts whose findings changed. */
export function announceCycle(
  events: Emitter,
  changed: readonly string[],
  recorded: readonly Recorded[],
  context: { accounts: readonly Account[]; settings: HealthSettings; sites: (accountId: string) => readonly Site[] },
): void {
  if (changed.length === 0) return
  events.emit('health:changed', { accountIds: [...changed] })
  const labels = new Map(context.accounts.map((a) => [a.id, a.label]))
  const summary: AttentionSummary | null = healthSummary({
    transitions: healthTransitions(recorded),
    notifyOn: context.settings.notifyOn,
    accountLabel: (id) => labels.get(id) ?? 'An account',
    siteName: (accountId, siteId) => {
      const site = context.sites(accountId).find((s) => s.id === siteId)
      return site ? site.name || hostOf(site.url) : `site ${siteId}`
    },
  })
  if (summary) events.emit('attention:summary', summary)
}
