// The Overview's figures of the scope while the calling view is on screen: it follows the
// overview-stats store (stores/overview-stats.ts reads core and follows its changes) from its
// setup until it goes.
import { onScopeDispose } from 'vue'
import { storeToRefs } from 'pinia'
import { useOverviewStatsStore } from '../../stores/overview-stats'

export function useOverviewStats() {
  const store = useOverviewStatsStore()
  store.follow()
  onScopeDispose(store.unfollow)
  const { stats, status, error } = storeToRefs(store)
  return { stats, status, error, reload: store.reload }
}
