// The Overview's figures of the scope, worked out by core ('overview:stats') from what it
// stores: the renderer holds only the answer, never the sites. Held while the Overview follows
// them; read again quietly when a sync changed the sites of an account of the scope, or a cycle
// of health checks changed its findings (the Needs attention card).
import { defineStore } from 'pinia'
import { onScopeDispose } from 'vue'
import type { OverviewStats } from '../../../shared'
import { useApi } from '../lib/api'
import { followedScopeRead } from './followed-scope-read'

export const useOverviewStatsStore = defineStore('overview-stats', () => {
  const api = useApi()
  const read = followedScopeRead<OverviewStats>((scope) => api.overviewStats({ scope }), { forgetOnNewScope: true })

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites) read.changedIn([change.accountId])
    }),
  )
  onScopeDispose(api.on('health:changed', ({ accountIds }) => read.changedIn(accountIds)))

  return {
    stats: read.value,
    status: read.status,
    error: read.error,
    followers: read.followers,
    follow: read.follow,
    unfollow: read.unfollow,
    reload: () => read.load(),
  }
})
