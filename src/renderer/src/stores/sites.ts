// The active account's sites, read from its workspace snapshot, and the actions on them.
// Create and delete go to core, which tells the server and then its store; the answer is
// shown at once, and core's 'workspace:changed' that follows reads the snapshot again.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { NewSite, Result, Site } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import type { SearchKeys } from '../lib/site-query'
import { NO_ACCOUNT, useAccountsStore } from './accounts'
import { useWorkspaceStore } from './workspace'

const NO_SITES: readonly Site[] = Object.freeze([])
const NO_KEYS: SearchKeys = new Map()

export const useSitesStore = defineStore('sites', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()

  const sites = computed<readonly Site[]>(() => workspace.snapshot?.sites ?? NO_SITES)
  const searchKeys = computed<SearchKeys>(() => workspace.snapshot?.searchKeys ?? NO_KEYS)
  /** True once the active account's snapshot has been read (it may still be empty). */
  const ready = computed(() => workspace.snapshot !== null)

  function siteById(id: number): Site | undefined {
    return workspace.snapshot?.siteIndex.get(id)
  }

  /** Creates a site; core answers it as the server stores it (read back after the create). */
  async function create(site: NewSite): Promise<Result<Site>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.sitesCreate({ accountId, site }))
    if (result.ok) workspace.putSite(accountId, result.value)
    return result
  }

  /** Deletes a site; it leaves the list once the server said yes (or that it was gone already). */
  async function remove(siteId: number): Promise<Result<void>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.sitesDelete({ accountId, siteId }))
    if (result.ok || result.error.code === 'not_found') workspace.dropSite(accountId, siteId)
    return result
  }

  /**
   * Reads one site and its newest events from the server into the store (opening a site's
   * page, its Refresh). A site the server no longer has leaves the snapshot.
   */
  async function syncSite(siteId: number): Promise<Result<Site>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.syncSite({ accountId, siteId }))
    if (accounts.activeAccountId !== accountId) return result
    if (result.ok) workspace.putSite(accountId, result.value)
    else if (result.error.code === 'not_found') workspace.dropSite(accountId, siteId)
    return result
  }

  return { sites, searchKeys, ready, siteById, create, remove, syncSite }
})
