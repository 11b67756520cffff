// Where the scope's data stands, for the views that can show every account (Overview, Sites,
// Events). In one account's scope it is useWorkspaceState's answer; in the All accounts scope
// the view has rows as soon as any account has been read, waits only while none has, and
// names each account that could not be read (the others still show).
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

  /** Accounts of the All scope with nothing to show because their snapshot could not be read. */
  const unread = computed<UnreadAccount[]>(() => {
    if (!all.value) return []
    return workspace.scopeEntries.flatMap(({ account, entry }) =>
      entry && !entry.snapshot && entry.status === 'error' && entry.error ? [{ accountId: account.id, label: account.label, error: entry.error }] : [],
    )
  })

  /** Skeletons rather than an empty state. */
  const loading = computed(() => (all.value ? !workspace.scopeSettled : one.loading.value))

  /** Nothing can be shown, and this says why (one account's failure, or the first of all). */
  const blockingError = computed<AppError | null>(() => {
    if (!all.value) return one.blockingError.value
    const read = workspace.scopeEntries.some(({ entry }) => !!entry?.snapshot)
    return !read && workspace.scopeSettled ? (unread.value[0]?.error ?? null) : null
  })

  /** One account never synced: its view says so rather than "no sites". */
  const notSynced = computed(() => !all.value && one.phase.value === 'not-synced')

  /** Synced (or read) enough that an empty list means there is nothing. */
  const settledEmpty = computed(() => (all.value ? workspace.scopeSettled && unread.value.length === 0 : one.phase.value === 'synced'))

  const syncing = computed(() => (all.value ? accounts.scopeAccounts.some((a) => sync.isSyncing(a.id)) : sync.activeSyncing))

  /** Reads again the accounts that could not be read. */
  async function retryUnread(): Promise<void> {
    await Promise.all(unread.value.map((u) => workspace.load(u.accountId)))
  }

  /** Syncs the scope's accounts: the active one, or every one. */
  async function syncScope(): Promise<void> {
    await Promise.all(accounts.scopeAccounts.map((a) => sync.syncNow(a.id)))
  }

  return { all, unread, loading, blockingError, notSynced, settledEmpty, syncing, retryUnread, syncScope, phase: one.phase }
}
