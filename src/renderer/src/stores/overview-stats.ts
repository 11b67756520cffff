// The Overview's figures of the scope, worked out by core ('overview:stats') from what it
// stores: the renderer holds only the answer, never the sites. Held while the Overview follows
// them; read again quietly when a sync changed the sites of an account of the scope, or a cycle
// of health checks changed its findings (the Needs attention card).
import { defineStore } from 'pinia'
import type { OverviewStats } from '../../../shared'
import { useApi } from '../lib/api'
import { followedScopeRead, followedScopeReadState } from './followed-scope-read'
import { readAgainWhenHealthChanges, readAgainWhenSitesChange } from './read-again-on-push'

export const useOverviewStatsStore = defineStore('overview-stats', () => {
  const api = useApi()
  const read = followedScopeRead<OverviewStats>((scope) => api.overviewStats({ scope }), { forgetOnNewScope: true })

  readAgainWhenSitesChange(api, read)
  readAgainWhenHealthChanges(api, read)

  return {
    stats: read.value,
    ...followedScopeReadState(read),
  }
})
