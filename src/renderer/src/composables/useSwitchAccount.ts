// Switching the active account from anywhere (the switcher, the command palette). Switching
// only changes activeAccountId; every store keeps data per account, so the switch is instant
// and never shows one account's data under another's name.
import { useRouter } from 'vue-router'
import { useAccountsStore } from '../stores/accounts'

export function useSwitchAccount(): (accountId: string) => Promise<void> {
  const accounts = useAccountsStore()
  const router = useRouter()

  /**
   * Leaves what belongs to the old account first (a site page, a tag or site filter in the
   * address), then switches: the new account's views never open with the old one's ids.
   */
  return async function switchTo(accountId: string): Promise<void> {
    const route = router.currentRoute.value
    const listName = route.name === 'site' ? 'sites' : route.name
    if (listName && (route.name === 'site' || Object.keys(route.query).length > 0)) {
      await router.push({ name: listName }).catch(() => {})
    }
    accounts.setActive(accountId)
  }
}
