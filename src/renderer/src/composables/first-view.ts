// The first screen first (DESIGN.md, "How data flows"): when the window opens at the Sites
// view with a plain address, the view's query is the scope's remembered one, a read of core's
// prefs. Read here, as soon as the accounts (and so the scope) are known and before the view
// mounts, the view asks core for its first window while it draws, not once it has.
import { ALL_SCOPE_VIEW, type useRememberedViewsStore } from '../stores/remembered-views'

interface ScopeOfAccounts {
  isAllScope: boolean
  activeAccountId: string | null
  scopeAccounts: ReadonlyArray<{ id: string }>
}

/** The Sites view's address with nothing of the view in it (`#/sites`, `#/sites?` or a query of other keys is left to the view). */
export function isPlainSitesAddress(hash: string): boolean {
  return /^#\/sites\/?$/.test(hash)
}

/** Reads the remembered view of the scope when the window opens at a plain Sites address; never fails. */
export async function readFirstSitesView(
  views: Pick<ReturnType<typeof useRememberedViewsStore>, 'readAhead'>,
  accounts: ScopeOfAccounts,
  hash: string,
): Promise<void> {
  if (!isPlainSitesAddress(hash)) return
  const viewKey = accounts.isAllScope ? ALL_SCOPE_VIEW : accounts.activeAccountId
  if (viewKey === null) return
  await views.readAhead(
    viewKey,
    accounts.scopeAccounts.map((a) => a.id),
  )
}
