// Finding an account's sites by address in core's store (lib/sites-at-addresses.ts: one search
// per address, compared by address key): the New site form's "already there" and the import's
// "Already present". The renderer holds no list of sites, so it asks each time.
import { defineStore } from 'pinia'
import type { Result, Site } from '../../../shared'
import { useApi } from '../lib/api'
import { sitesAtAddresses } from '../lib/sites-at-addresses'

export const useSiteLookupStore = defineStore('site-lookup', () => {
  const api = useApi()

  /** The account's sites whose address key is one of these addresses'. */
  function sitesAt(accountId: string, urls: readonly string[]): Promise<Result<Site[]>> {
    return sitesAtAddresses(api, accountId, urls)
  }

  return { sitesAt }
})
