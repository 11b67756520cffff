// Where the active account's data stands, for a view deciding what to show when its list is
// empty: still being read from the local store, waiting for the first sync, or really empty.
// A view with rows always shows them, whatever the sync is doing. Read from the scope's summary
// (workspace:scope), whose sync state is the stored one: an account synced before never shows
// "Never synced" while the app opens.
import { computed } from 'vue'
import type { AppError } from '../../../shared'
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

export function useWorkspaceState() {
  const workspace = useWorkspaceStore()
  const sync = useSyncStore()
  const accounts = useAccountsStore()

  const phase = computed<WorkspacePhase>(() => {
    const entry = workspace.scopeAccount(accounts.activeAccountId)
    if (!entry) return workspace.summaryError ? 'read-failed' : 'reading'
    const state = sync.active ?? entry.sync
    if (state.lastSyncedAt) return 'synced'
    if (sync.activeSyncing) return 'first-sync'
    return state.status === 'failed' ? 'first-sync-failed' : 'not-synced'
  })

  /** Why the view has nothing to show, when it is a failure. */
  const blockingError = computed<AppError | null>(() => {
    if (phase.value === 'read-failed') return workspace.summaryError
    if (phase.value === 'first-sync-failed') return sync.activeFailure ?? sync.active?.error ?? null
    return null
  })

  /** Skeleton rows rather than an empty state. */
  const loading = computed(() => phase.value === 'reading' || phase.value === 'first-sync')

  /** Retry what failed: read the store again, or sync. */
  async function retry(): Promise<void> {
    if (phase.value === 'read-failed') await workspace.loadSummary()
    else await sync.syncNow()
  }

  return { phase, blockingError, loading, retry }
}
