// One site's health as core knows it (health:site): its checks, response times, uptime and
// incidents, read when the site page opens and again, quietly, after a cycle of checks changed
// its account's findings or a minute passed (response times move with every check). An answer
// for a site the page has left is dropped.
import { onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue'
import type { AppError } from '../../../../shared'
import type { SiteHealth } from '../../../../shared/health'
import { keyOf } from '../../../../shared/scope'
import { useApi } from '../../lib/api'
import { call } from '../../lib/call'

/** How often an open site page reads its health again: the checks run every few minutes. */
const REFRESH_MS = 60_000

export function useSiteHealth(accountId: Ref<string>, siteId: Ref<number>) {
  const api = useApi()
  const health = shallowRef<SiteHealth | null>(null)
  const error = ref<AppError | null>(null)
  const loading = ref(false)
  let asked = 0

  async function load(quiet = false): Promise<void> {
    const request = ++asked
    if (!quiet) loading.value = true
    const result = await call(() => api.healthSite({ site: keyOf(accountId.value, siteId.value) }))
    if (request !== asked) return
    loading.value = false
    if (result.ok) {
      health.value = result.value
      error.value = null
    } else if (!quiet || health.value === null) {
      // A failed quiet read keeps what is shown.
      error.value = result.error
    }
  }

  watch(
    [accountId, siteId],
    () => {
      health.value = null
      void load()
    },
    { immediate: true },
  )
  onScopeDispose(
    api.on('health:changed', ({ accountIds }) => {
      if (accountIds.includes(accountId.value)) void load(true)
    }),
  )
  const timer = setInterval(() => void load(true), REFRESH_MS)
  onScopeDispose(() => clearInterval(timer))

  return { health, error, loading, reload: load }
}
