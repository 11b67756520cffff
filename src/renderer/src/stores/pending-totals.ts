// Every account's pending updates, for the web shell's tab title (the total core puts on the
// desktop's dock badge, src/core/attention). Read from core's store as a summary of every
// account (workspace:scope: no network, no list of sites) when asked, and again whenever core
// says an account's sites changed, one read at a time. While the scope shown is every account
// (one account, or All accounts) the workspace store reads that very summary: its answers give
// the totals, and no second read of the same summary goes to core.
import { defineStore } from 'pinia'
import { computed, getCurrentScope, onScopeDispose, ref, watch } from 'vue'
import type { ScopeAccount } from '../../../shared/sites-query'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { useAccountsStore } from './accounts'
import { useWorkspaceStore } from './workspace'

export const usePendingTotalsStore = defineStore('pending-totals', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const totals = ref<Record<string, number>>({})
  /** Counting is asked for (the web shell's title); until then no read goes to core. */
  const following = ref(false)

  const everyAccount = () => accounts.accounts.map((a) => a.id).join('\n')

  function keep(entries: readonly ScopeAccount[]): void {
    const known = new Set(accounts.accounts.map((a) => a.id))
    const next: Record<string, number> = {}
    for (const entry of entries) if (known.has(entry.accountId)) next[entry.accountId] = entry.pendingUpdates
    totals.value = next
  }

  const reads = coalesce(async (key) => {
    const scope = key === '' ? [] : key.split('\n')
    if (scope.length === 0) return
    const result = await call(() => api.workspaceScope({ scope }))
    if (result.ok) keep(result.value.accounts)
  })

  // The workspace store, once counting is asked for (taken then, so nothing is read before).
  const storeScope = getCurrentScope()
  let workspace: ReturnType<typeof useWorkspaceStore> | null = null
  /** The scope shown is every account: the workspace store's summary is the one this would read. */
  const shownIsEvery = () => workspace !== null && workspace.scopeIds.join('\n') === everyAccount()

  function followWorkspace(): void {
    workspace = useWorkspaceStore()
    storeScope?.run(() => {
      watch(
        () => (shownIsEvery() ? (workspace?.scopeSummary ?? null) : null),
        (summary) => {
          if (summary) keep(summary.accounts)
        },
        { immediate: true },
      )
      // Another scope shown now: the totals are this store's own read again.
      watch(shownIsEvery, (every) => {
        if (!every) void reads.request(everyAccount())
      })
    })
  }

  /** Counts every account now and follows their changes from then on. */
  function follow(): void {
    following.value = true
    if (workspace === null) followWorkspace()
    // A removed account's total goes with it.
    const known = new Set(accounts.accounts.map((a) => a.id))
    for (const id of Object.keys(totals.value)) if (!known.has(id)) delete totals.value[id]
    const key = everyAccount()
    if (key && !shownIsEvery()) void reads.request(key)
  }

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      // The workspace store reads the summary again itself when it is the same one.
      if (change.sites && following.value && !shownIsEvery()) void reads.request(everyAccount())
    }),
  )

  const total = computed(() => accounts.accounts.reduce((sum, account) => sum + (totals.value[account.id] ?? 0), 0))

  return { totals, following, total, follow }
})
