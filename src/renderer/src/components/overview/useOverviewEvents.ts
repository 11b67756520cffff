// The Overview's events (per day for the last 30 local days, and the ten newest) while the
// calling view is on screen: it follows the overview-events store (stores/overview-events.ts
// reads core and follows its changes) from its setup until it goes.
import { computed, onScopeDispose } from 'vue'
import { storeToRefs } from 'pinia'
import type { EventDayCount, ScopedEvent } from '../../../../shared'
import type { ReadStatus } from '../../stores/followed-scope-read'
import { useOverviewEventsStore } from '../../stores/overview-events'

export { DAILY_DAYS, LATEST_COUNT } from '../../stores/overview-events'
export type LoadStatus = ReadStatus

const NO_DAYS: EventDayCount[] = []
const NO_EVENTS: ScopedEvent[] = []

export function useOverviewEvents() {
  const store = useOverviewEventsStore()
  store.follow()
  onScopeDispose(store.unfollow)
  const refs = storeToRefs(store)
  return {
    daily: computed(() => refs.daily.value?.days ?? NO_DAYS),
    latest: computed(() => refs.latest.value ?? NO_EVENTS),
    dailyStatus: refs.dailyStatus,
    latestStatus: refs.latestStatus,
    dailyError: refs.dailyError,
    latestError: refs.latestError,
    /** When the days were counted: the chart's last day is this one's local day. */
    countedAt: computed(() => refs.daily.value?.countedAt ?? Date.now()),
    reload: store.reload,
  }
}
