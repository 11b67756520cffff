// When the active account's token works again (a new token was entered, or the keychain was
// unlocked and Retry pressed), what the views show must come back by itself: each store
// passes the reload it needs here.
import { watch } from 'vue'
import { useAccountsStore } from './accounts'

/** Runs `reload` when the active account's token state turns 'ok' from anything else. */
export function onTokenRestored(reload: (accountId: string) => void): void {
  const accounts = useAccountsStore()
  watch(
    () => [accounts.activeAccountId, accounts.activeAccount?.tokenState] as const,
    ([id, state], [previousId, previousState]) => {
      // A switch to another account is the activeAccountId watchers' business.
      if (id && id === previousId && state === 'ok' && previousState !== undefined && previousState !== 'ok') reload(id)
    },
  )
}
