// Each scope's last Sites view (DESIGN.md, the first screen first): kept in memory for a plain
// /sites (the sidebar link, an account switch) and in core's prefs (`sites.view:<accountId>`,
// `sites.view.all` for the All accounts scope), so a restart restores it too. Beside it, what
// the Sites view must remember between its mounts: where the table was scrolled, and whose
// view each address it wrote was. The address itself is the view's (useSitesViewState).
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { DEFAULT_VIEW_STATE, fromQuery, toQuery, type SitesViewState, type ViewQuery } from '../lib/sites-view-state'

/** The memory key of the All accounts scope's view (never an account id: those are UUIDs). */
export const ALL_SCOPE_VIEW = 'all'

const prefsKey = (viewKey: string) => (viewKey === ALL_SCOPE_VIEW ? 'sites.view.all' : `sites.view:${viewKey}`)

function isStoredQuery(value: unknown): value is ViewQuery {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const useRememberedViewsStore = defineStore('remembered-views', () => {
  const api = useApi()
  // Plain maps, read and written by the view at its own moments: nothing renders from them.
  /** View key (an account id or ALL_SCOPE_VIEW) -> its last view state. */
  const states = shallowRef(new Map<string, SitesViewState>())
  /** View key + view query -> the table's scroll position when the view was left. */
  const scroll = shallowRef(new Map<string, number>())
  /**
   * The view key each address the view wrote was for. The app mounts a new view per account,
   * so an address written for the account being left can land after the switch, in the next
   * account's view: it must not become that account's view.
   */
  const writtenFor = shallowRef(new Map<string, string | null>())

  /** The view core remembers for the key (the default when it holds none, or not a view); null when core cannot say. */
  async function readStored(viewKey: string, scope: readonly string[]): Promise<SitesViewState | null> {
    const result = await call(() => api.prefsGet({ key: prefsKey(viewKey) }))
    if (!result.ok) return null
    return isStoredQuery(result.value) ? fromQuery(result.value, [...scope]) : DEFAULT_VIEW_STATE
  }

  /**
   * Reads a scope's remembered view from core into memory ahead of the Sites view (the app
   * opening at /sites): the view then knows its query as it mounts and the first window goes to
   * core while it draws, instead of after a read of its own. A read that fails leaves memory as
   * it was (the view reads again itself).
   */
  async function readAhead(viewKey: string, scope: readonly string[]): Promise<void> {
    if (states.value.has(viewKey)) return
    const stored = await readStored(viewKey, scope)
    if (stored && !states.value.has(viewKey)) states.value.set(viewKey, stored)
  }

  /** Writes the view to core, best effort: losing it loses only the view's state at the next start. */
  function save(viewKey: string, state: SitesViewState): void {
    void call(() => api.prefsSet({ key: prefsKey(viewKey), value: toQuery(state) }))
  }

  return { states, scroll, writtenFor, readStored, readAhead, save }
})
