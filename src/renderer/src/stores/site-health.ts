// The health of the site a page shows as core knows it (health:site): its checks, response
// times, uptime and incidents. Read when the page shows the site and again, quietly, after a
// cycle of checks changed its account's findings (and when the page asks: response times move
// with every check).
import { defineStore } from 'pinia'
import type { SiteHealth } from '../../../shared/health'
import { keyOf } from '../../../shared/scope'
import { useApi } from '../lib/api'
import { followedSiteRead, followedSiteReadState } from './followed-site-read'
import { readAgainWhenHealthChanges } from './read-again-on-push'

export const useSiteHealthStore = defineStore('site-health', () => {
  const api = useApi()
  const read = followedSiteRead<SiteHealth>(({ accountId, siteId }) => api.healthSite({ site: keyOf(accountId, siteId) }))

  readAgainWhenHealthChanges(api, read)

  return {
    health: read.value,
    ...followedSiteReadState(read),
  }
})
