// The Overview's trend over the last 90 days, from the store's daily rollup (history:trend):
// the pending updates of all sites and the sites per PHP minor version, added up per day over
// the scope by core. Held while the Overview's trends section follows it; read again quietly
// after each sync that changed the sites of an account of the scope.
import { defineStore } from 'pinia'
import type { HistoryTrendDay } from '../../../shared'
import { useApi } from '../lib/api'
import { TREND_DAYS } from '../lib/history-trend'
import { followedScopeRead, followedScopeReadState } from './followed-scope-read'
import { readAgainWhenSitesChange } from './read-again-on-push'

export const useHistoryTrendStore = defineStore('history-trend', () => {
  const api = useApi()
  const read = followedScopeRead<HistoryTrendDay[]>((scope) => api.historyTrend({ scope, days: TREND_DAYS }))

  readAgainWhenSitesChange(api, read)

  return {
    days: read.value,
    ...followedScopeReadState(read),
  }
})
