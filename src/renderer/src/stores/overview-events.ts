// The Overview's events: per day and type for the last 30 local days ('events:daily') and the
// ten newest ('events:query'), each one query over the scope (core sums the days and orders the
// newest across accounts). Held while the Overview follows them; read again quietly, as the
// event feeds are, when a sync stored events or changed sites in an account of the scope (a
// removed site takes its events along).
import { defineStore } from 'pinia'
import { onScopeDispose } from 'vue'
import type { EventDayCount, ScopedEvent } from '../../../shared'
import { useApi } from '../lib/api'
import { followedScopeRead } from './followed-scope-read'

export const DAILY_DAYS = 30
export const LATEST_COUNT = 10

/** The days counted, and when: the chart's last day is that moment's local day. */
export interface DailyCounts {
  days: EventDayCount[]
  countedAt: number
}

export const useOverviewEventsStore = defineStore('overview-events', () => {
  const api = useApi()
  const daily = followedScopeRead<DailyCounts>(async (scope) => {
    const now = Date.now()
    const utcOffsetMinutes = -new Date(now).getTimezoneOffset()
    const result = await api.eventsDaily({ scope, days: DAILY_DAYS, utcOffsetMinutes })
    return result.ok ? { ok: true, value: { days: result.value, countedAt: now } } : result
  })
  const latest = followedScopeRead<ScopedEvent[]>(async (scope) => {
    const result = await api.eventsQuery({ scope, limit: LATEST_COUNT })
    return result.ok ? { ok: true, value: result.value.events } : result
  })

  function changedIn(accountId: string): void {
    daily.changedIn([accountId])
    latest.changedIn([accountId])
  }
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.events || change.sites) changedIn(change.accountId)
    }),
  )
  onScopeDispose(api.on('events:new', ({ accountId }) => changedIn(accountId)))

  function follow(): void {
    daily.follow()
    latest.follow()
  }
  function unfollow(): void {
    daily.unfollow()
    latest.unfollow()
  }
  function reload(): void {
    void daily.load()
    void latest.load()
  }

  return {
    daily: daily.value,
    dailyStatus: daily.status,
    dailyError: daily.error,
    dailyFollowers: daily.followers,
    latest: latest.value,
    latestStatus: latest.status,
    latestError: latest.error,
    latestFollowers: latest.followers,
    follow,
    unfollow,
    reload,
  }
})
