// The site a page shows, read from core's store by its key (no network: sites.loadSite) when the
// page shows it and again whenever core says its account's sites changed (a sync, a delete
// elsewhere). How the read went is kept for the page: under way, done, or failed (with why); a
// read overtaken by a later one, or for a site the page has left, is dropped.
import { defineStore } from 'pinia'
import { onScopeDispose, ref, shallowRef } from 'vue'
import type { AppError } from '../../../shared'
import { useApi } from '../lib/api'
import type { ShownSite } from './followed-site-read'
import { useSitesStore } from './sites'

export type SiteRead = 'reading' | 'read' | 'read-failed'

export const useSitePageStore = defineStore('site-page', () => {
  const api = useApi()
  const sites = useSitesStore()
  /** The site the page shows; null while none does (or its account is not known). */
  const shown = shallowRef<ShownSite | null>(null)
  const read = ref<SiteRead>('reading')
  const readError = ref<AppError | null>(null)
  let readNumber = 0

  async function readSite(): Promise<void> {
    const site = shown.value
    if (!site) return
    const mine = ++readNumber
    const result = await sites.loadSite(site.accountId, site.siteId)
    if (mine !== readNumber) return
    read.value = result.ok ? 'read' : 'read-failed'
    readError.value = result.ok ? null : result.error
  }

  /** The page shows this site of this account (none known yet: null): read it. */
  function show(accountId: string | null, siteId: number): Promise<void> {
    readNumber++
    shown.value = accountId ? { accountId, siteId } : null
    read.value = 'reading'
    return readSite()
  }

  /** The page went: nothing more is read for it. */
  function leave(): void {
    readNumber++
    shown.value = null
  }

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.sites && change.accountId === shown.value?.accountId) void readSite()
    }),
  )

  return { shown, read, readError, show, leave }
})
