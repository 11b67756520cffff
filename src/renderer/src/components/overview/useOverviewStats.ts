// The Overview's figures of the scope (the active account, or all of them), worked out by core
// ('overview:stats') from what it stores: the renderer holds only the answer, never the sites.
// Read again quietly when a sync changed the sites of an account of the scope; an answer older
// than the last question (a scope the person has left, or a read overtaken) is dropped.
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { AppError, OverviewStats } from '../../../../shared'
import { useApi } from '../../lib/api'
import { call } from '../../lib/call'
import { useAccountsStore } from '../../stores/accounts'
import type { LoadStatus } from './useOverviewEvents'

export function useOverviewStats() {
  const api = useApi()
  const accounts = useAccountsStore()

  const stats = shallowRef<OverviewStats | null>(null)
  const status = ref<LoadStatus>('loading')
  const error = ref<AppError | null>(null)

  const scopeIds = computed(() => accounts.scopeAccounts.map((a) => a.id))
  const scopeKey = computed(() => scopeIds.value.join('\n'))
  let asked = 0

  async function load(quiet = false): Promise<void> {
    const scope = [...scopeIds.value]
    if (scope.length === 0) return
    const request = ++asked
    if (!quiet) status.value = 'loading'
    const result = await call(() => api.overviewStats({ scope }))
    if (request !== asked) return
    if (result.ok) {
      stats.value = result.value
      status.value = 'ready'
      error.value = null
    } else if (!quiet || status.value !== 'ready') {
      // A failed quiet refresh keeps the figures already shown.
      error.value = result.error
      status.value = 'error'
    }
  }

  watch(
    scopeKey,
    () => {
      // Another scope's figures are never shown under this one's heading.
      stats.value = null
      void load()
    },
    { immediate: true },
  )
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites && scopeIds.value.includes(change.accountId)) void load(true)
    }),
  )
  // A cycle of health checks changed findings (the Needs attention card).
  onScopeDispose(
    api.on('health:changed', ({ accountIds }) => {
      if (accountIds.some((accountId) => scopeIds.value.includes(accountId))) void load(true)
    }),
  )

  return { stats, status, error, reload: () => load() }
}
