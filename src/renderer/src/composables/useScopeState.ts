// Where the scope's data stands, for the views that can show every account (Overview, Sites,
// Events). In one account's scope it is useWorkspaceState's answer; in the All accounts scope
// it is the scope's summary (workspace:scope), read for every account at once: the view waits
// only until it answered, and says so when it could not be read.
import { computed } from 'vue'
import type { AppError } from '../../../shared'
import { useAccountsStore } from '../stores/accounts'
import { useSyncStore } from '../stores/sync'
import { useWorkspaceStore } from '../stores/workspace'
import { useWorkspaceState } from './useWorkspaceState'

export interface UnreadAccount {
  accountId: string
  label: string
  error: AppError
}

export function useScopeState() {
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const sync = useSyncStore()
  const one = useWorkspaceState()

  const all = computed(() => accounts.isAllScope)

  /**
   * Accounts of the All scope that could not be read. The scope is read in one answer, so this
   * stays empty: a failure of it is the scope's `blockingError`. Kept for the views that list it.
   */
  const unread = computed<UnreadAccount[]>(() => [])

  /** Skeletons rather than an empty state. */
  const loading = computed(() => (all.value ? workspace.scopeSummary === null && workspace.summaryError === null : one.loading.value))

  /** Nothing can be shown, and this says why. */
  const blockingError = computed<AppError | null>(() => {
    if (!all.value) return one.blockingError.value
    return workspace.scopeSummary === null ? workspace.summaryError : null
  })

  /** One account never synced: its view says so rather than "no sites". */
  const notSynced = computed(() => !all.value && one.phase.value === 'not-synced')

  /** Synced (or read) enough that an empty list means there is nothing. */
  const settledEmpty = computed(() => (all.value ? workspace.scopeSummary !== null : one.phase.value === 'synced'))

  const syncing = computed(() => (all.value ? accounts.scopeAccounts.some((a) => sync.isSyncing(a.id)) : sync.activeSyncing))

  /** Reads the scope's summary again (it could not be read). */
  async function retryUnread(): Promise<void> {
    await workspace.loadSummary()
  }

  /** Syncs the scope's accounts: the active one, or every one. */
  async function syncScope(): Promise<void> {
    await Promise.all(accounts.scopeAccounts.map((a) => sync.syncNow(a.id)))
  }

  return { all, unread, loading, blockingError, notSynced, settledEmpty, syncing, retryUnread, syncScope, phase: one.phase }
}
