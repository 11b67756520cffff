// Where the scope's data stands, for the views that show the scope (Overview, Sites, Events):
// the state of the data of its accounts (useAccountsState), a list of one or of all, with the
// same rules either way. The view waits only until the scope's summary answered, and says so
// when it could not be read.
import { computed } from 'vue'
import { useAccountsStore } from '../stores/accounts'
import { useSyncStore } from '../stores/sync'
import { useAccountsState } from './useWorkspaceState'

export function useScopeState() {
  const accounts = useAccountsStore()
  const sync = useSyncStore()
  const state = useAccountsState(() => accounts.scopeAccounts.map((a) => a.id))

  /** The scope is every account (views name each row's account then). */
  const all = computed(() => accounts.isAllScope)

  /** Synced (or read) enough that an empty list means there is nothing. */
  const settledEmpty = computed(() => state.phase.value === 'synced')

  /** Syncs the scope's accounts: the active one, or every one. */
  async function syncScope(): Promise<void> {
    await Promise.all(accounts.scopeAccounts.map((a) => sync.syncNow(a.id)))
  }

  return { all, loading: state.loading, cannotShow: state.cannotShow, settledEmpty, syncing: state.syncing, syncScope }
}
