// The actions on sites, and the few sites the renderer holds by key. Create and delete go to
// core, which tells the server and then its store; core's 'workspace:changed' that follows makes
// the views ask again for what they show. Each change says how it went in a toast: a created
// site with Undo (deleting it again), a deleted one without (the API cannot bring a site back).
// A create refused field by field (422) is shown on the form's fields instead.
//
// Sites are keyed `accountId:siteId` (shared/scope.ts): every action names the site's own
// account. `siteIn` answers what the renderer has seen of a whole site (a site page, an answer
// of core): a bounded cache, never the list.
import { defineStore } from 'pinia'
import { shallowRef, triggerRef } from 'vue'
import type { NewSite, Result, Site } from '../../../shared'
import { keyOf, type RowKey } from '../../../shared/scope'
import { EMPTY_FILTER } from '../../../shared/sites-query'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { describeError } from '../lib/errors'
import { NO_ACCOUNT, useAccountsStore } from './accounts'
import { useSiteWindowStore } from './site-window'
import { toastCreated } from './created-toast'
import { useToastsStore } from './toasts'

/** How many sites seen one by one are kept (a site page, rows fetched): enough for any screen. */
const KNOWN_SITES = 2_000

export const useSitesStore = defineStore('sites', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const siteWindow = useSiteWindowStore()
  const toasts = useToastsStore()

  // ---- the sites seen, by key ----

  const known = shallowRef(new Map<RowKey, Site>())

  function remember(accountId: string, site: Site): void {
    const map = known.value
    const key = keyOf(accountId, site.id)
    map.delete(key)
    map.set(key, site)
    if (map.size > KNOWN_SITES) map.delete(map.keys().next().value!)
    triggerRef(known)
  }

  function forget(accountId: string, siteId: number): void {
    if (known.value.delete(keyOf(accountId, siteId))) triggerRef(known)
  }

  /** A site of an account as last seen whole: a site page, an answer of core. */
  function siteIn(accountId: string | null, siteId: number): Site | undefined {
    if (!accountId) return undefined
    const key = keyOf(accountId, siteId)
    const seen = known.value.get(key)
    // Not the table's rows: they hold only the shown columns' fields (TableRow), not a whole site.
    return seen
  }

  /** Reads one site from core's store (no network): its page opens with what the app knows. */
  async function loadSite(accountId: string, siteId: number): Promise<Result<Site | null>> {
    const key = keyOf(accountId, siteId)
    const result = await call(() =>
      api.sitesQuery({ scope: [accountId], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], offset: 0, limit: 1, keys: [key] }),
    )
    if (!result.ok) return result
    const row = result.value.rows[0]
    if (row) remember(accountId, row.site)
    else forget(accountId, siteId)
    return { ok: true, value: row?.site ?? null }
  }

  // ---- actions ----

  /** Creates a site; core answers it as the server stores it (read back after the create). */
  async function create(site: NewSite): Promise<Result<Site>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.sitesCreate({ accountId, site }))
    if (result.ok) {
      remember(accountId, result.value)
      siteWindow.refresh()
    }
    toastCreated(toasts, 'Site', site.name, result, (created) => deleteIn(accountId, created.id))
    return result
  }

  async function deleteIn(accountId: string, siteId: number): Promise<Result<void>> {
    const result = await deleteOne(accountId, siteId)
    if (result.ok || result.error.code === 'not_found') siteWindow.refresh()
    return result
  }

  /**
   * Deletes a site of the account and forgets it once the server said yes (or that it was gone
   * already), without a toast and without asking the table again: a run of many deletes (bulk
   * delete) asks once when it ends.
   */
  async function deleteOne(accountId: string, siteId: number): Promise<Result<void>> {
    const result = await call(() => api.sitesDelete({ accountId, siteId }))
    if (result.ok || result.error.code === 'not_found') forget(accountId, siteId)
    return result
  }

  /**
   * Deletes a site of the account (the active one unless said); it leaves the list once the
   * server said yes (or that it was gone already).
   */
  async function remove(siteId: number, accountId: string | null = accounts.activeAccountId): Promise<Result<void>> {
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    // Its name for the toast: as seen, else from core's store (it is gone from there after).
    let name = siteIn(accountId, siteId)?.name
    if (name === undefined) {
      const read = await loadSite(accountId, siteId)
      name = (read.ok ? read.value?.name : undefined) ?? `#${siteId}`
    }
    const result = await deleteIn(accountId, siteId)
    if (result.ok) toasts.success(`Site “${name}” deleted.`)
    else if (result.error.code === 'not_found') toasts.info(`Site “${name}” had already been deleted.`)
    else toasts.error(`Could not delete site “${name}”. ${describeError(result.error).message}`)
    return result
  }

  /**
   * Reads one site and its newest events from the server into the store (opening a site's
   * page, its Refresh). A site the server no longer has is forgotten.
   */
  async function syncSite(siteId: number, accountId: string | null = accounts.activeAccountId): Promise<Result<Site>> {
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.syncSite({ accountId, siteId }))
    // A removed account's site has nowhere to go.
    if (!accounts.accounts.some((a) => a.id === accountId)) return result
    if (result.ok) remember(accountId, result.value)
    else if (result.error.code === 'not_found') forget(accountId, siteId)
    return result
  }

  return { known, siteIn, loadSite, create, remove, deleteOne, syncSite }
})
