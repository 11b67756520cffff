// Where the data of a list of accounts stands, for a view deciding what to show when its list
// is empty: still being read from the local store, waiting for a first sync, or really empty.
// A view with rows always shows them, whatever the sync is doing. One account and All accounts
// are the same question over a list of one or of all (useAccountsState); useWorkspaceState asks
// it of the active account. Read from the scope's summary (workspace:scope), whose sync state is
// the stored one: an account synced before never shows "Never synced" while the app opens.
import { computed } from 'vue'
import type { Account, AppError } from '../../../shared'
import { useAccountsStore } from '../stores/accounts'
import { useSyncStore } from '../stores/sync'
import { useWorkspaceStore } from '../stores/workspace'

export type WorkspacePhase =
  /** The scope's summary is being read from the local store (a moment). */
  | 'reading'
  /** The local store could not be read. */
  | 'read-failed'
  /** Never synced, and the first sync is under way. */
  | 'first-sync'
  /** Never synced: the first sync failed. */
  | 'first-sync-failed'
  /** Never synced, and no sync is under way. */
  | 'not-synced'
  /** Synced at least once: what the store holds is what the account has. */
  | 'synced'

/**
 * Of the accounts not synced yet, which one speaks for the list: one whose first sync runs
 * (its sites are coming), else one whose first sync failed (why, and Retry), else one never synced.
 */
const UNSYNCED_ORDER: readonly WorkspacePhase[] = ['first-sync', 'first-sync-failed', 'not-synced']

/** The state of the data of `accountIds` (the scope's, or one account's). */
export function useAccountsState(accountIds: () => readonly string[]) {
  const workspace = useWorkspaceStore()
  const sync = useSyncStore()
  const accounts = useAccountsStore()

  function phaseOf(accountId: string): WorkspacePhase {
    const entry = workspace.scopeAccount(accountId)
    if (!entry) return workspace.summaryError ? 'read-failed' : 'reading'
    const state = sync.stateOf(accountId) ?? entry.sync
    if (state.lastSyncedAt) return 'synced'
    if (sync.isSyncing(accountId)) return 'first-sync'
    return state.status === 'failed' ? 'first-sync-failed' : 'not-synced'
  }

  const phases = computed(() => {
    const summary = workspace.scopeSummary
    const ids = accountIds()
    // An account outside the scope's summary (a site page of another account) has no say:
    // nothing is known here of what its store holds, so it neither waits nor blocks.
    const known = summary === null ? ids : ids.filter((id) => summary.accounts.some((a) => a.accountId === id))
    return known.map((id) => ({ id, phase: phaseOf(id) }))
  })

  /** The account whose phase is the list's: the least settled of them. */
  const speaking = computed<{ id: string; phase: WorkspacePhase } | null>(() => {
    const list = phases.value
    for (const phase of ['read-failed', 'reading', ...UNSYNCED_ORDER] as const) {
      const found = list.find((p) => p.phase === phase)
      if (found) return found
    }
    return null
  })

  const phase = computed<WorkspacePhase>(() => {
    if (accountIds().length === 0) return workspace.summaryError ? 'read-failed' : 'reading'
    return speaking.value?.phase ?? 'synced'
  })

  /** The account whose first sync failed, when that is why the list is empty. */
  const blockingAccount = computed<Account | null>(() =>
    phase.value === 'first-sync-failed' ? (accounts.accounts.find((a) => a.id === speaking.value?.id) ?? null) : null,
  )

  /** Why the view has nothing to show, when it is a failure. */
  const blockingError = computed<AppError | null>(() => {
    if (phase.value === 'read-failed') return workspace.summaryError
    const id = blockingAccount.value?.id ?? null
    return id === null ? null : (sync.failureOf(id) ?? sync.stateOf(id)?.error ?? null)
  })

  /** Skeleton rows rather than an empty state. */
  const loading = computed(() => phase.value === 'reading' || phase.value === 'first-sync')

  /** An empty list here is not "nothing": it failed (blockingError says why) or was never synced. */
  const cannotShow = computed(() => blockingError.value !== null || phase.value === 'not-synced')

  /** Some of the accounts sync now. */
  const syncing = computed(() => accountIds().some((id) => sync.isSyncing(id)))

  /** Syncs every account of the list not synced yet (its first sync, or a retry of it). */
  async function syncUnsynced(): Promise<void> {
    await Promise.all(phases.value.filter((p) => p.phase !== 'synced').map((p) => sync.syncNow(p.id)))
  }

  /** Retry what failed: read the store again, or sync. */
  async function retry(): Promise<void> {
    if (phase.value === 'read-failed') await workspace.loadSummary()
    else await syncUnsynced()
  }

  return { phase, blockingError, blockingAccount, loading, cannotShow, syncing, retry, syncUnsynced }
}

/** The state of the active account's data. */
export function useWorkspaceState() {
  const accounts = useAccountsStore()
  return useAccountsState(() => (accounts.activeAccountId === null ? [] : [accounts.activeAccountId]))
}
