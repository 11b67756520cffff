// The Sites view's state kept in three places at once, so nothing the person set up is lost:
// - the address (/sites?q=…&php=…&sort=…&sel=…), replaced as it changes (never pushed: Back
//   leaves the list instead of undoing keystrokes), so opening a site and coming Back
//   restores it exactly. Typing in the search writes it once the person pauses (replacing the
//   address costs the browser more than filtering ten thousand sites), and at once before the
//   view is left, so Back still finds every letter;
// - memory, per account, for a plain /sites (the sidebar link, an account switch);
// - core's prefs, per account (`sites.view:<accountId>`), so a restart restores it too.
// Memory and core's prefs are the remembered-views store's (stores/remembered-views.ts).
// The All accounts scope is remembered the same way under a key of its own (`sites.view.all`),
// and moving between it and one account restores the other scope's view.
// An address that says something about the view wins; a plain /sites takes the remembered one.
import { onBeforeUnmount, shallowRef, watch } from 'vue'
import { onBeforeRouteLeave, useRoute, useRouter, type LocationQuery } from 'vue-router'
import {
  DEFAULT_VIEW_STATE,
  VIEW_QUERY_KEYS,
  fromQuery,
  hasViewQuery,
  statesEqual,
  toQuery,
  type SitesViewState,
  type ViewQuery,
} from '../lib/sites-view-state'
import { useAccountsStore } from '../stores/accounts'
import { ALL_SCOPE_VIEW, useRememberedViewsStore } from '../stores/remembered-views'

/** How long the state must rest before it is written to core (not once per keystroke). */
export const SAVE_DELAY_MS = 400
/** How long typing in the search must pause before the address follows it. */
export const ADDRESS_DELAY_MS = 250

export { ALL_SCOPE_VIEW } from '../stores/remembered-views'

export function useSitesViewState() {
  const memory = useRememberedViewsStore()
  const route = useRoute()
  const router = useRouter()
  const accounts = useAccountsStore()
  /** Whose view this is: the active account's, or the All scope's. */
  const viewKey = (): string | null => (accounts.isAllScope ? ALL_SCOPE_VIEW : accounts.activeAccountId)
  /** The scope an address is read for (an older address's bare ids are its single account's). */
  const scope = (): string[] => accounts.scopeAccounts.map((a) => a.id)

  const state = shallowRef<SitesViewState>(
    hasViewQuery(route.query) ? fromQuery(route.query, scope()) : (rememberedFor(viewKey()) ?? DEFAULT_VIEW_STATE),
  )
  /** False while a plain /sites waits for the account's remembered state from core. */
  const restored = shallowRef(true)
  // Bumped by every change, so a restore answered late does not overwrite a newer state.
  let generation = 0
  let saveTimer: ReturnType<typeof setTimeout> | null = null
  let addressTimer: ReturnType<typeof setTimeout> | null = null
  let unsaved: { accountId: string; state: SitesViewState } | null = null
  const writtenFor = memory.writtenFor
  // False once unmounted: a restore answered after that must not touch the address or memory.
  let alive = true

  function rememberedFor(accountId: string | null): SitesViewState | undefined {
    return accountId ? memory.states.get(accountId) : undefined
  }

  function addressKey(query: ViewQuery): string {
    return JSON.stringify(toQuery(fromQuery(query, scope())))
  }

  function isOnSites(): boolean {
    return route.name === 'sites'
  }

  /** The address for the state (keeping any query key that is not the view's), or null when it is the address already. */
  function addressToWrite(): LocationQuery | null {
    const others: LocationQuery = {}
    for (const [key, value] of Object.entries(route.query)) {
      if (!(VIEW_QUERY_KEYS as readonly string[]).includes(key)) others[key] = value
    }
    const query = { ...others, ...toQuery(state.value) }
    const key = addressKey(query)
    if (key === addressKey(route.query) && hasViewQuery(route.query) === hasViewQuery(query)) return null
    writtenFor.delete(key)
    writtenFor.set(key, viewKey())
    // Only recent addresses can still be landing: keep the last few, not one per keystroke ever.
    if (writtenFor.size > 100) writtenFor.delete(writtenFor.keys().next().value!)
    return query
  }

  /** Puts the state into the address now (and drops a write waiting for the person to pause). */
  function writeAddress(): void {
    cancelAddressWrite()
    if (!isOnSites()) return
    const query = addressToWrite()
    if (query) void router.replace({ name: 'sites', query }).catch(() => {})
  }

  function cancelAddressWrite(): void {
    if (addressTimer) clearTimeout(addressTimer)
    addressTimer = null
  }

  /** Puts the state into the address once the person pauses (typing in the search). */
  function writeAddressSoon(): void {
    cancelAddressWrite()
    addressTimer = setTimeout(writeAddress, ADDRESS_DELAY_MS)
  }

  // Leaving with a write still waiting: the entry Back returns to gets the state now. Not
  // through router.replace, which would cancel the navigation under way; the history entry
  // itself is rewritten, and Back reads the view from it.
  onBeforeRouteLeave(() => {
    if (!addressTimer) return
    cancelAddressWrite()
    const query = addressToWrite()
    if (query) router.options.history.replace(router.resolve({ name: 'sites', query }).fullPath)
  })

  function scheduleSave(accountId: string | null): void {
    if (!accountId) return
    unsaved = { accountId, state: state.value }
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = setTimeout(flushSave, SAVE_DELAY_MS)
  }

  function flushSave(): void {
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = null
    const pending = unsaved
    unsaved = null
    if (!pending) return
    memory.save(pending.accountId, pending.state)
  }

  /** The state changes: the address, memory and (soon) core follow. */
  function commit(next: SitesViewState, options: { save?: boolean; typing?: boolean } = {}): void {
    const accountId = viewKey()
    if (!statesEqual(next, state.value)) state.value = next
    if (accountId) memory.states.set(accountId, state.value)
    if (options.typing) writeAddressSoon()
    else writeAddress()
    if (options.save !== false) scheduleSave(accountId)
  }

  /** What the person changed (search, a filter, the sort, the selection). */
  function set(next: SitesViewState, options: { typing?: boolean } = {}): void {
    generation++
    restored.value = true
    commit(next, options)
  }

  /** A change of the search alone is typing: the address follows when the person pauses. */
  function update(change: Partial<SitesViewState>): void {
    const typing = Object.keys(change).every((key) => key === 'search')
    set({ ...state.value, ...change }, { typing })
  }

  /** A plain /sites or an account switch: the account's last state, from memory or core. */
  async function restore(accountId: string | null): Promise<void> {
    const mine = ++generation
    const known = rememberedFor(accountId)
    if (known || !accountId) {
      restored.value = true
      commit(known ?? DEFAULT_VIEW_STATE, { save: false })
      return
    }
    restored.value = false
    // Meanwhile the default, never the account being left: nothing of it may be written as this one's.
    state.value = DEFAULT_VIEW_STATE
    const stored = await memory.readStored(accountId, scope())
    if (!alive || mine !== generation || viewKey() !== accountId) return
    restored.value = true
    commit(stored ?? DEFAULT_VIEW_STATE, { save: false })
  }

  function applyAddress(): void {
    if (!isOnSites()) return
    if (!hasViewQuery(route.query)) {
      void restore(viewKey())
      return
    }
    const owner = writtenFor.get(addressKey(route.query))
    if (owner !== undefined && owner !== viewKey()) {
      // Put this account's view back in the address, unless its restore will do so.
      if (restored.value) writeAddress()
      return
    }
    generation++
    restored.value = true
    const next = fromQuery(route.query, scope())
    if (!statesEqual(next, state.value)) commit(next)
    else {
      const key = viewKey()
      if (key) memory.states.set(key, state.value)
    }
  }

  watch(() => route.query, applyAddress)
  watch(
    () => viewKey(),
    (accountId, previous) => {
      if (previous && unsaved?.accountId === previous) flushSave()
      if (isOnSites()) void restore(accountId)
    },
  )
  // The first visit: an address wins; a plain /sites takes what was remembered.
  applyAddress()

  onBeforeUnmount(() => {
    alive = false
    // Unmounted without leaving the route (another account's view replaces this one): the
    // address is that view's now, and memory already holds this one's state.
    cancelAddressWrite()
    flushSave()
  })

  function rememberScroll(top: number): void {
    const accountId = viewKey()
    // The state's own address: the one in the bar may still wait for the person to pause.
    if (accountId) memory.scroll.set(`${accountId} ${addressKey(toQuery(state.value))}`, top)
  }

  /** Where the table was scrolled when this same view was last left, once. */
  function takeScroll(): number | null {
    const key = `${viewKey()} ${addressKey(route.query)}`
    const top = memory.scroll.get(key)
    memory.scroll.delete(key)
    return top ?? null
  }

  return { state, restored, set, update, rememberScroll, takeScroll, flushSave }
}
