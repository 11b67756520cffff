// Web shell: the tab title carries the pending updates of every account, the total core puts
// on the desktop's dock badge (src/core/attention). Read from core's store as a summary of every
// account (workspace:scope: no network, no list of sites) at start and whenever core says an
// account's sites changed, one read at a time.
import { computed, onScopeDispose, ref, watch, watchEffect } from 'vue'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { pendingTitle } from '../lib/pending-title'
import { useAccountsStore } from '../stores/accounts'

/** `appName` is null until the shell is known to be the web shell (the desktop has the dock badge). */
export function usePendingTitle(appName: () => string | null): void {
  const api = useApi()
  const accounts = useAccountsStore()
  const totals = ref<Record<string, number>>({})

  const reads = coalesce(async (key) => {
    const scope = key === '' ? [] : key.split('\n')
    if (scope.length === 0 || appName() === null) return
    const result = await call(() => api.workspaceScope({ scope }))
    if (!result.ok) return
    const known = new Set(accounts.accounts.map((a) => a.id))
    const next: Record<string, number> = {}
    for (const entry of result.value.accounts) if (known.has(entry.accountId)) next[entry.accountId] = entry.pendingUpdates
    totals.value = next
  })
  const everyAccount = () => accounts.accounts.map((a) => a.id).join('\n')

  watch(
    () => (appName() === null ? '' : everyAccount()),
    (key) => {
      // A removed account's total goes with it.
      const known = new Set(accounts.accounts.map((a) => a.id))
      for (const id of Object.keys(totals.value)) if (!known.has(id)) delete totals.value[id]
      if (key) void reads.request(key)
    },
    { immediate: true },
  )
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites && appName() !== null) void reads.request(everyAccount())
    }),
  )

  const total = computed(() => accounts.accounts.reduce((sum, account) => sum + (totals.value[account.id] ?? 0), 0))
  watchEffect(() => {
    const name = appName()
    if (name !== null) document.title = pendingTitle(name, total.value)
  })
  onScopeDispose(() => {
    const name = appName()
    if (name !== null) document.title = name
  })
}
