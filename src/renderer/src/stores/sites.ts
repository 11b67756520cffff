// The active account's sites, read from its workspace snapshot, and the actions on them.
// Create and delete go to core, which tells the server and then its store; the answer is
// shown at once, and core's 'workspace:changed' that follows reads the snapshot again. Each
// change says how it went in a toast: a created site with Undo (deleting it again), a
// deleted one without (the API cannot bring a site back). A create refused field by field
// (422) is shown on the form's fields instead.
//
// `scopeSites` is what the scope's views list: the active account's sites, or in the All
// accounts scope every account's as rows (lib/account-rows.ts). Actions on a site take its
// account: a site of another account is deleted or refreshed there, never in the active one.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { NewSite, Result, Site } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { describeError } from '../lib/errors'
import type { SearchKeys } from '../lib/site-query'
import { NO_ACCOUNT, useAccountsStore } from './accounts'
import { useToastsStore } from './toasts'
import { useWorkspaceStore } from './workspace'

const NO_SITES: readonly Site[] = Object.freeze([])
const NO_KEYS: SearchKeys = new Map()

export const useSitesStore = defineStore('sites', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const toasts = useToastsStore()

  const sites = computed<readonly Site[]>(() => workspace.snapshot?.sites ?? NO_SITES)
  const searchKeys = computed<SearchKeys>(() => workspace.snapshot?.searchKeys ?? NO_KEYS)
  /** True once the active account's snapshot has been read (it may still be empty). */
  const ready = computed(() => workspace.snapshot !== null)

  function siteById(id: number): Site | undefined {
    return workspace.snapshot?.siteIndex.get(id)
  }

  /** A site of any account whose snapshot is loaded. */
  function siteIn(accountId: string | null, siteId: number): Site | undefined {
    if (!accountId) return undefined
    return workspace.byAccount[accountId]?.snapshot?.siteIndex.get(siteId)
  }

  const scopeSites = computed<readonly Site[]>(() => (accounts.isAllScope ? workspace.allSites : sites.value))
  const scopeSearchKeys = computed<SearchKeys>(() => (accounts.isAllScope ? workspace.allSearchKeys : searchKeys.value))
  /** True once a snapshot of the scope has been read (in the All scope: of every account, or it failed). */
  const scopeReady = computed(() => (accounts.isAllScope ? workspace.scopeSettled : ready.value))

  /** Creates a site; core answers it as the server stores it (read back after the create). */
  async function create(site: NewSite): Promise<Result<Site>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.sitesCreate({ accountId, site }))
    if (result.ok) {
      const created = result.value
      workspace.putSite(accountId, created)
      toasts.success(`Site “${created.name}” created.`, { action: { label: 'Undo', run: () => undoCreate(accountId, created) } })
    } else if (!result.error.fields) {
      toasts.error(`Could not create site “${site.name}”. ${describeError(result.error).message}`)
    }
    return result
  }

  /** Undo of a create: the site is deleted again, in the account it was created in. */
  async function undoCreate(accountId: string, site: Site): Promise<void> {
    const result = await deleteIn(accountId, site.id)
    if (result.ok || result.error.code === 'not_found') toasts.success(`Site “${site.name}” removed again.`)
    else toasts.error(`Could not undo: site “${site.name}” is still there. ${describeError(result.error).message}`)
  }

  async function deleteIn(accountId: string, siteId: number): Promise<Result<void>> {
    const result = await call(() => api.sitesDelete({ accountId, siteId }))
    if (result.ok || result.error.code === 'not_found') workspace.dropSite(accountId, siteId)
    return result
  }

  /**
   * Deletes a site of the account (the active one unless said); it leaves the list once the
   * server said yes (or that it was gone already).
   */
  async function remove(siteId: number, accountId: string | null = accounts.activeAccountId): Promise<Result<void>> {
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const name = siteIn(accountId, siteId)?.name ?? `#${siteId}`
    const result = await deleteIn(accountId, siteId)
    if (result.ok) toasts.success(`Site “${name}” deleted.`)
    else if (result.error.code === 'not_found') toasts.info(`Site “${name}” had already been deleted.`)
    else toasts.error(`Could not delete site “${name}”. ${describeError(result.error).message}`)
    return result
  }

  /**
   * Reads one site and its newest events from the server into the store (opening a site's
   * page, its Refresh). A site the server no longer has leaves the snapshot.
   */
  async function syncSite(siteId: number, accountId: string | null = accounts.activeAccountId): Promise<Result<Site>> {
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.syncSite({ accountId, siteId }))
    // A removed account's site has nowhere to go.
    if (!accounts.accounts.some((a) => a.id === accountId)) return result
    if (result.ok) workspace.putSite(accountId, result.value)
    else if (result.error.code === 'not_found') workspace.dropSite(accountId, siteId)
    return result
  }

  return { sites, searchKeys, ready, siteById, siteIn, scopeSites, scopeSearchKeys, scopeReady, create, remove, syncSite }
})
