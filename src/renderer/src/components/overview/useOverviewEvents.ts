// The Overview's events: per day and type for the last 30 local days (core counts them in its
// store, 'events:daily') and the ten newest ('events:query'). Read for the accounts of the
// scope (the active one, or all of them: the days summed, the newest merged), and read again,
// as the event feeds are, when a sync stored events or sites changed (a removed site takes its
// events along). An answer for accounts the person has left is dropped.
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { AppError, EventDayCount } from '../../../../shared'
import { useApi } from '../../lib/api'
import { call } from '../../lib/call'
import { compareAccountEvents, type AccountEvent } from '../../lib/merge-event-streams'
import { useAccountsStore } from '../../stores/accounts'

export const DAILY_DAYS = 30
export const LATEST_COUNT = 10

export type LoadStatus = 'loading' | 'ready' | 'error'

/** Several accounts' day counts as one: the same day and type added up. */
export function sumDailyCounts(perAccount: readonly (readonly EventDayCount[])[]): EventDayCount[] {
  const sums = new Map<string, EventDayCount>()
  for (const rows of perAccount) {
    for (const row of rows) {
      const key = `${row.day}\n${row.type}`
      const sum = sums.get(key)
      if (sum) sum.count += row.count
      else sums.set(key, { ...row })
    }
  }
  return [...sums.values()].sort((a, b) => a.day.localeCompare(b.day) || a.type.localeCompare(b.type))
}

export function useOverviewEvents() {
  const api = useApi()
  const accounts = useAccountsStore()

  const daily = shallowRef<EventDayCount[]>([])
  const latest = shallowRef<AccountEvent[]>([])
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

  async function loadDaily(ids: readonly string[], quiet: boolean): Promise<void> {
    const key = ids.join('\n')
    if (!quiet) dailyStatus.value = 'loading'
    const now = Date.now()
    const utcOffsetMinutes = -new Date(now).getTimezoneOffset()
    const results = await Promise.all(ids.map((accountId) => call(() => api.eventsDaily({ accountId, days: DAILY_DAYS, utcOffsetMinutes }))))
    if (!stillFor(key)) return
    const failure = results.find((r) => !r.ok)
    if (!failure || failure.ok) {
      daily.value = sumDailyCounts(results.map((r) => (r.ok ? r.value : [])))
      countedAt.value = now
      dailyStatus.value = 'ready'
      dailyError.value = null
    } else if (!quiet || dailyStatus.value !== 'ready') {
      // A failed quiet refresh keeps the figures already shown; a part would be a wrong sum.
      dailyError.value = failure.error
      dailyStatus.value = 'error'
    }
  }

  async function loadLatest(ids: readonly string[], quiet: boolean): Promise<void> {
    const key = ids.join('\n')
    if (!quiet) latestStatus.value = 'loading'
    const results = await Promise.all(ids.map((accountId) => call(() => api.eventsQuery({ accountId, limit: LATEST_COUNT }))))
    if (!stillFor(key)) return
    const read = results.flatMap((r, i) => (r.ok ? r.value.events.map((e) => ({ ...e, accountId: ids[i]! })) : []))
    const failure = results.find((r) => !r.ok)
    if (failure && !failure.ok && read.length === 0) {
      if (!quiet || latestStatus.value !== 'ready') {
        latestError.value = failure.error
        latestStatus.value = 'error'
      }
      return
    }
    // Each account's ten newest hold the ten newest of all (an account that failed is left out:
    // the views name it in their notice).
    latest.value = read.sort(compareAccountEvents).slice(0, LATEST_COUNT)
    latestStatus.value = 'ready'
    latestError.value = null
  }

  function load(quiet = false): void {
    const ids = scopeIds.value
    if (ids.length === 0) return
    void loadDaily(ids, quiet)
    void loadLatest(ids, quiet)
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
