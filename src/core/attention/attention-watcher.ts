// Core's side of notifications and the badge: after each completed sync of an account, one
// 'attention:summary' push (or none), and after every change of what the store holds, the
// pending total of every account to the shell's badge (CoreOptions.setBadge). It only
// listens to core's own pushes, so the sync engine knows nothing of it.
import type { AccountsState, NotifyOn, PushEvent, PushEvents, Site, SyncChanges } from '../../shared'
import { attentionSummary, UPDATE_EVENT_TYPE } from './attention-summary'

interface Emitter {
  on<E extends PushEvent>(event: E, listener: (payload: PushEvents[E]) => void): () => void
  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void
}

export interface AttentionWatcherOptions {
  events: Emitter
  /** The account's stored sites (after the sync, when asked from a push). */
  sites: (accountId: string) => readonly Site[]
  notifyOn: () => NotifyOn
  /** The account's name as the person gave it; rejects for an account that is gone. */
  accountLabel: (accountId: string) => Promise<string>
  /** The accounts at start (later ones come with 'accounts:changed'). */
  listAccounts: () => Promise<AccountsState>
  /** When the account's previous sync completed, as its sync state still says during the push. */
  lastSyncedAt: (accountId: string) => string | null
  setBadge?: (count: number) => void
  onError?: (error: unknown) => void
}

/** Starts watching; answers the function that stops. */
export function watchAttention(options: AttentionWatcherOptions): () => void {
  const { events } = options
  let accountIds: string[] = []
  let badge: number | null = null
  // Per account: the site of each update event pushed since its last full sync. The events a
  // full sync stores are pushed just before its 'workspace:changed'; those an events-only read
  // stored in between (the demo's monitoring) wait here for the next full sync.
  const updateEvents = new Map<string, number[]>()
  // When each account's last full sync seen here completed.
  const syncedAt = new Map<string, string>()
  let stopped = false

  const updateBadge = (): void => {
    if (!options.setBadge) return
    let total = 0
    for (const id of accountIds) for (const site of options.sites(id)) total += site.updates_count ?? 0
    if (total === badge) return
    badge = total
    options.setBadge(total)
  }

  const afterSync = async (changes: SyncChanges): Promise<void> => {
    const { accountId } = changes
    const eventSites = updateEvents.get(accountId) ?? []
    updateEvents.delete(accountId)
    const known = syncedAt.get(accountId) ?? options.lastSyncedAt(accountId)
    syncedAt.set(accountId, changes.syncedAt)
    if (changes.first) return
    const input = {
      changes,
      sites: options.sites(accountId),
      updateEventSiteIds: eventSites,
      notifyOn: options.notifyOn(),
      // The sync state may already say this sync: then the previous one is not known.
      previousSyncedAt: known === changes.syncedAt ? null : known,
    }
    // Checked before the label is looked up: nothing to say costs no lookup.
    if (attentionSummary({ ...input, accountLabel: '' }) === null) return
    const accountLabel = await options.accountLabel(accountId)
    const summary = attentionSummary({ ...input, accountLabel })
    if (summary && !stopped) events.emit('attention:summary', summary)
  }

  const stops = [
    events.on('events:new', ({ accountId, events: stored }) => {
      const sites = stored.filter((event) => event.type === UPDATE_EVENT_TYPE).map((event) => event.site_id)
      if (sites.length > 0) updateEvents.set(accountId, [...(updateEvents.get(accountId) ?? []), ...sites])
    }),
    events.on('workspace:changed', (change) => {
      if (change.sites) updateBadge()
      if (change.changes) afterSync(change.changes).catch((error: unknown) => options.onError?.(error))
    }),
    events.on('accounts:changed', (state) => {
      accountIds = state.accounts.map((account) => account.id)
      for (const id of [...updateEvents.keys()]) if (!accountIds.includes(id)) updateEvents.delete(id)
      for (const id of [...syncedAt.keys()]) if (!accountIds.includes(id)) syncedAt.delete(id)
      updateBadge()
    }),
  ]

  options
    .listAccounts()
    .then((state) => {
      if (stopped) return
      accountIds = state.accounts.map((account) => account.id)
      updateBadge()
    })
    .catch((error: unknown) => options.onError?.(error))

  return () => {
    stopped = true
    for (const stop of stops) stop()
  }
}
