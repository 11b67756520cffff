// Switching the active account, or to every account at once, from anywhere (the switcher,
// the command palette). Switching only changes activeAccountId and the scope; every store
// keeps data per account, so the switch is instant and never shows one account's data under
// another's name.
import { useRouter, type Router } from 'vue-router'
import { useAccountsStore } from '../stores/accounts'

/**
 * Leaves what belongs to the old account or scope first (a site page, a tag or site filter
 * in the address): the new scope's views never open with the old one's ids.
 */
async function leaveAccountState(router: Router): Promise<void> {
  const route = router.currentRoute.value
  const listName = route.name === 'site' ? 'sites' : route.name
  if (listName && (route.name === 'site' || Object.keys(route.query).length > 0)) {
    await router.push({ name: listName }).catch(() => {})
  }
}

export function useSwitchAccount(): (accountId: string) => Promise<void> {
  const accounts = useAccountsStore()
  const router = useRouter()

  return async function switchTo(accountId: string): Promise<void> {
    if (accounts.activeAccountId !== accountId || accounts.isAllScope) await leaveAccountState(router)
    accounts.setActive(accountId)
  }
}

/** The All accounts scope: the Overview, Sites and Events of every account together. */
export function useShowAllAccounts(): () => Promise<void> {
  const accounts = useAccountsStore()
  const router = useRouter()

  return async function showAll(): Promise<void> {
    if (accounts.isAllScope || !accounts.canShowAll) return
    await leaveAccountState(router)
    accounts.showAll()
  }
}
