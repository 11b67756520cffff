// The History of the site a page shows: what the local store saw change between syncs, newest
// first (history:site). Read when the page shows the site and again, quietly, whenever a sync
// changed the sites of its account.
import { defineStore } from 'pinia'
import { onScopeDispose } from 'vue'
import type { SiteHistory } from '../../../shared'
import { useApi } from '../lib/api'
import { followedSiteRead } from './followed-site-read'

export const useSiteHistoryStore = defineStore('site-history', () => {
  const api = useApi()
  const read = followedSiteRead<SiteHistory>(({ accountId, siteId }) => api.historySite({ accountId, siteId }))

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites) read.changedIn([change.accountId])
    }),
  )

  return {
    site: read.site,
    history: read.value,
    error: read.error,
    loading: read.loading,
    show: read.show,
    leave: read.leave,
    load: read.load,
  }
})
