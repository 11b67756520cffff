// The pushes after which a followed read (followed-scope-read, followed-site-read) is read again
// quietly, written once for the stores whose answers come from an account's sites or findings.
import { onScopeDispose } from 'vue'
import type { SiteManagerApi } from '../../../shared'

interface ReadOfAccounts {
  changedIn(accountIds: readonly string[]): void
}

/** A sync changed the sites of an account (workspace:changed with sites). */
export function readAgainWhenSitesChange(api: SiteManagerApi, read: ReadOfAccounts): void {
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites) read.changedIn([change.accountId])
    }),
  )
}

/** A cycle of health checks changed the findings of accounts (health:changed). */
export function readAgainWhenHealthChanges(api: SiteManagerApi, read: ReadOfAccounts): void {
  onScopeDispose(api.on('health:changed', ({ accountIds }) => read.changedIn(accountIds)))
}
