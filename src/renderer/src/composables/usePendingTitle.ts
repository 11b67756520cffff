// Web shell: the tab title carries the pending updates of every account (stores/pending-totals.ts
// reads them from core), counted again as accounts come and go.
import { onScopeDispose, watch, watchEffect } from 'vue'
import { pendingTitle } from '../lib/pending-title'
import { useAccountsStore } from '../stores/accounts'
import { usePendingTotalsStore } from '../stores/pending-totals'

/** `appName` is null until the shell is known to be the web shell (the desktop has the dock badge). */
export function usePendingTitle(appName: () => string | null): void {
  const accounts = useAccountsStore()
  const pending = usePendingTotalsStore()

  watch(
    () => (appName() === null ? null : accounts.accounts.map((a) => a.id).join('\n')),
    (key) => {
      if (key !== null) pending.follow()
    },
    { immediate: true },
  )
  watchEffect(() => {
    const name = appName()
    if (name !== null) document.title = pendingTitle(name, pending.total)
  })
  onScopeDispose(() => {
    const name = appName()
    if (name !== null) document.title = name
  })
}
