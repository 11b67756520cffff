// The History of the site a page shows: what the local store saw change between syncs, newest
// first (history:site). Read when the page shows the site and again, quietly, whenever a sync
// changed the sites of its account.
import { defineStore } from 'pinia'
import type { SiteHistory } from '../../../shared'
import { useApi } from '../lib/api'
import { followedSiteRead, followedSiteReadState } from './followed-site-read'
import { readAgainWhenSitesChange } from './read-again-on-push'

export const useSiteHistoryStore = defineStore('site-history', () => {
  const api = useApi()
  const read = followedSiteRead<SiteHistory>(({ accountId, siteId }) => api.historySite({ accountId, siteId }))

  readAgainWhenSitesChange(api, read)

  return {
    history: read.value,
    ...followedSiteReadState(read),
  }
})
