// One site's health while the calling page shows it: the site-health store reads it (and again
// after a cycle of checks changed its account's findings); here it is also read again, quietly,
// each minute the page stays (response times move with every check).
import { onScopeDispose, watch, type Ref } from 'vue'
import { storeToRefs } from 'pinia'
import { useSiteHealthStore } from '../../stores/site-health'

/** How often an open site page reads its health again: the checks run every few minutes. */
const REFRESH_MS = 60_000

export function useSiteHealth(accountId: Ref<string>, siteId: Ref<number>) {
  const store = useSiteHealthStore()
  watch(
    [accountId, siteId],
    ([account, site], before) => {
      const [oldAccount, oldSite] = before ?? []
      if (oldAccount !== undefined && oldSite !== undefined) store.leave(oldAccount, oldSite)
      void store.show(account, site)
    },
    { immediate: true },
  )
  const timer = setInterval(() => void store.load(true), REFRESH_MS)
  onScopeDispose(() => {
    clearInterval(timer)
    store.leave(accountId.value, siteId.value)
  })

  const { health, error, loading } = storeToRefs(store)
  return { health, error, loading, reload: store.load }
}
