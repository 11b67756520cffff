// Every account's pending updates, for the web shell's tab title (the total core puts on the
// desktop's dock badge, src/core/attention). Read from core's store as a summary of every
// account (workspace:scope: no network, no list of sites) when asked, and again whenever core
// says an account's sites changed, one read at a time.
import { defineStore } from 'pinia'
import { computed, onScopeDispose, ref } from 'vue'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { useAccountsStore } from './accounts'

export const usePendingTotalsStore = defineStore('pending-totals', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const totals = ref<Record<string, number>>({})
  /** Counting is asked for (the web shell's title); until then no read goes to core. */
  const following = ref(false)

  const everyAccount = () => accounts.accounts.map((a) => a.id).join('\n')
  const reads = coalesce(async (key) => {
    const scope = key === '' ? [] : key.split('\n')
    if (scope.length === 0) return
    const result = await call(() => api.workspaceScope({ scope }))
    if (!result.ok) return
    const known = new Set(accounts.accounts.map((a) => a.id))
    const next: Record<string, number> = {}
    for (const entry of result.value.accounts) if (known.has(entry.accountId)) next[entry.accountId] = entry.pendingUpdates
    totals.value = next
  })

  /** Counts every account now and follows their changes from then on. */
  function follow(): void {
    following.value = true
    // A removed account's total goes with it.
    const known = new Set(accounts.accounts.map((a) => a.id))
    for (const id of Object.keys(totals.value)) if (!known.has(id)) delete totals.value[id]
    const key = everyAccount()
    if (key) void reads.request(key)
  }

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites && following.value) void reads.request(everyAccount())
    }),
  )

  const total = computed(() => accounts.accounts.reduce((sum, account) => sum + (totals.value[account.id] ?? 0), 0))

  return { totals, following, total, follow }
})
