// The Overview's events: per day and type for the last 30 local days ('events:daily') and the
// ten newest ('events:query'), each one query over the scope (the active account, or all of
// them: core sums the days and orders the newest across accounts). Read again, as the event
// feeds are, when a sync stored events or sites changed in an account of the scope (a removed
// site takes its events along). An answer for a scope the person has left is dropped.
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { AppError, EventDayCount, ScopedEvent } from '../../../../shared'
import { useApi } from '../../lib/api'
import { call } from '../../lib/call'
import { useAccountsStore } from '../../stores/accounts'

export const DAILY_DAYS = 30
export const LATEST_COUNT = 10

export type LoadStatus = 'loading' | 'ready' | 'error'

export function useOverviewEvents() {
  const api = useApi()
  const accounts = useAccountsStore()

  const daily = shallowRef<EventDayCount[]>([])
  const latest = shallowRef<ScopedEvent[]>([])
  const dailyStatus = ref<LoadStatus>('loading')
  const latestStatus = ref<LoadStatus>('loading')
  const dailyError = ref<AppError | null>(null)
  const latestError = ref<AppError | null>(null)
  /** When the days were counted: the chart's last day is this one's local day. */
  const countedAt = ref(Date.now())

  const scopeIds = computed(() => accounts.scopeAccounts.map((a) => a.id))
  const scopeKey = computed(() => scopeIds.value.join('\n'))
  // A read is for the scope it started in; an answer for another one is dropped.
  const stillFor = (key: string) => scopeKey.value === key

  async function loadDaily(scope: string[], quiet: boolean): Promise<void> {
    const key = scope.join('\n')
    if (!quiet) dailyStatus.value = 'loading'
    const now = Date.now()
    const utcOffsetMinutes = -new Date(now).getTimezoneOffset()
    const result = await call(() => api.eventsDaily({ scope, days: DAILY_DAYS, utcOffsetMinutes }))
    if (!stillFor(key)) return
    if (result.ok) {
      daily.value = result.value
      countedAt.value = now
      dailyStatus.value = 'ready'
      dailyError.value = null
    } else if (!quiet || dailyStatus.value !== 'ready') {
      // A failed quiet refresh keeps the figures already shown.
      dailyError.value = result.error
      dailyStatus.value = 'error'
    }
  }

  async function loadLatest(scope: string[], quiet: boolean): Promise<void> {
    const key = scope.join('\n')
    if (!quiet) latestStatus.value = 'loading'
    const result = await call(() => api.eventsQuery({ scope, limit: LATEST_COUNT }))
    if (!stillFor(key)) return
    if (result.ok) {
      latest.value = result.value.events
      latestStatus.value = 'ready'
      latestError.value = null
    } else if (!quiet || latestStatus.value !== 'ready') {
      latestError.value = result.error
      latestStatus.value = 'error'
    }
  }

  function load(quiet = false): void {
    const scope = [...scopeIds.value]
    if (scope.length === 0) return
    void loadDaily(scope, quiet)
    void loadLatest(scope, quiet)
  }

  watch(scopeKey, () => load(false), { immediate: true })

  const inScope = (accountId: string) => scopeIds.value.includes(accountId)
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (inScope(change.accountId) && (change.events || change.sites)) load(true)
    }),
  )
  onScopeDispose(
    api.on('events:new', ({ accountId }) => {
      if (inScope(accountId)) load(true)
    }),
  )

  return { daily, latest, dailyStatus, latestStatus, dailyError, latestError, countedAt, reload: () => load(false) }
}
