// The Overview's events: per day and type for the last 30 local days (core counts them in its
// store, 'events:daily') and the ten newest ('events:query'). Read for the active account, and
// read again, as the event feeds are, when a sync stored events or sites changed (a removed
// site takes its events along). An answer for an account the person has left is dropped.
import { onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { AppError, EventDayCount, SiteEvent } from '../../../../shared'
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
  const latest = shallowRef<SiteEvent[]>([])
  const dailyStatus = ref<LoadStatus>('loading')
  const latestStatus = ref<LoadStatus>('loading')
  const dailyError = ref<AppError | null>(null)
  const latestError = ref<AppError | null>(null)
  /** When the days were counted: the chart's last day is this one's local day. */
  const countedAt = ref(Date.now())

  async function loadDaily(accountId: string, quiet: boolean): Promise<void> {
    if (!quiet) dailyStatus.value = 'loading'
    const now = Date.now()
    const result = await call(() =>
      api.eventsDaily({ accountId, days: DAILY_DAYS, utcOffsetMinutes: -new Date(now).getTimezoneOffset() }),
    )
    if (accounts.activeAccountId !== accountId) return
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

  async function loadLatest(accountId: string, quiet: boolean): Promise<void> {
    if (!quiet) latestStatus.value = 'loading'
    const result = await call(() => api.eventsQuery({ accountId, limit: LATEST_COUNT }))
    if (accounts.activeAccountId !== accountId) return
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
    const accountId = accounts.activeAccountId
    if (!accountId) return
    void loadDaily(accountId, quiet)
    void loadLatest(accountId, quiet)
  }

  watch(
    () => accounts.activeAccountId,
    () => load(false),
    { immediate: true },
  )

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.accountId === accounts.activeAccountId && (change.events || change.sites)) load(true)
    }),
  )
  onScopeDispose(
    api.on('events:new', ({ accountId }) => {
      if (accountId === accounts.activeAccountId) load(true)
    }),
  )

  return { daily, latest, dailyStatus, latestStatus, dailyError, latestError, countedAt, reload: () => load(false) }
}
