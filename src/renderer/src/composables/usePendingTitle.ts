// Web shell: the tab title carries the pending updates of every account, the total core puts
// on the desktop's dock badge (src/core/attention). The active account's total comes from its
// snapshot, which the window holds anyway; each other account's is read from core's store (no
// network) at start and whenever core says its sites changed.
import { computed, onScopeDispose, ref, watch, watchEffect } from 'vue'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { pendingOf, pendingTitle } from '../lib/pending-title'
import { useAccountsStore } from '../stores/accounts'
import { useWorkspaceStore } from '../stores/workspace'

/** `appName` is null until the shell is known to be the web shell (the desktop has the dock badge). */
export function usePendingTitle(appName: () => string | null): void {
  const api = useApi()
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const totals = ref<Record<string, number>>({})

  const reads = coalesce(async (accountId) => {
    if (accountId === accounts.activeAccountId || appName() === null) return
    const result = await call(() => api.workspaceSnapshot({ accountId }))
    if (result.ok && accounts.accounts.some((a) => a.id === accountId)) totals.value[accountId] = pendingOf(result.value.sites)
  })

  watch(
    () => workspace.snapshot,
    (snapshot) => {
      if (snapshot) totals.value[snapshot.accountId] = pendingOf(snapshot.sites)
    },
    { immediate: true },
  )
  watch(
    () => (appName() === null ? [] : accounts.accounts.map((a) => a.id)),
    (ids) => {
      // A removed account's total goes with it.
      const known = new Set(accounts.accounts.map((a) => a.id))
      for (const id of Object.keys(totals.value)) if (!known.has(id)) delete totals.value[id]
      for (const id of ids) if (totals.value[id] === undefined) void reads.request(id)
    },
    { immediate: true },
  )
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      // The active account's snapshot is read again by the workspace store.
      if (change.sites && change.accountId !== accounts.activeAccountId) void reads.request(change.accountId)
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
