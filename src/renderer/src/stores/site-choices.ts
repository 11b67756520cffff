// The sites of a scope by name for a control that picks one (the events filter's site choice),
// asked of core ('sites:query') rather than kept in the renderer. The list is read when the
// person reaches for the control (`want`), not with the view, since most visits never open it;
// the chosen site is named at once on its own (a `keys` query of one row), so an address with
// ?site= shows its name. A change to the scope's sites makes a list that was read be read again;
// a read begun for another scope, or before such a change, is dropped. The view opens the store
// for its scope and closes it when it goes: nothing is read while no view shows it.
import { defineStore } from 'pinia'
import { onScopeDispose, ref, shallowRef } from 'vue'
import { EMPTY_FILTER, MAX_QUERY_ROWS, parseKey, type RowKey, type SiteRow, type SitesQuery } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

export const useSiteChoicesStore = defineStore('site-choices', () => {
  const api = useApi()
  /** The accounts whose sites are listed; empty while no view shows the choices. */
  const scope = shallowRef<readonly string[]>([])
  const rows = shallowRef<readonly SiteRow[] | null>(null)
  /** The site chosen, as named on its own. */
  const chosen = shallowRef<RowKey | null>(null)
  const chosenRow = shallowRef<SiteRow | null>(null)
  const reading = ref(false)
  // Bumped by a new scope or a change to its sites: a read begun before is dropped.
  let generation = 0

  function query(offset: number, limit: number, keys?: readonly RowKey[]): SitesQuery {
    return { scope: [...scope.value], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], offset, limit, ...(keys ? { keys } : {}) }
  }

  /** Reads every site of the scope, a page at a time; a failure leaves the list unread. */
  async function readAll(): Promise<void> {
    const mine = ++generation
    reading.value = true
    const read: SiteRow[] = []
    try {
      for (;;) {
        const page = await call(() => api.sitesQuery(query(read.length, MAX_QUERY_ROWS)))
        if (mine !== generation || !page.ok) return
        read.push(...page.value.rows)
        if (page.value.rows.length === 0 || read.length >= page.value.total) break
      }
      rows.value = read
    } finally {
      if (mine === generation) reading.value = false
    }
  }

  /** The person reaches for the control: read the list unless it is read or being read. */
  function want(): void {
    if (rows.value === null && !reading.value && scope.value.length > 0) void readAll()
  }

  function forget(): void {
    generation++
    reading.value = false
    rows.value = null
  }

  async function nameChosen(): Promise<void> {
    const key = chosen.value
    chosenRow.value = null
    const site = key === null ? null : parseKey(key)
    if (key === null || site === null || !scope.value.includes(site.accountId)) return
    const mine = generation
    const page = await call(() => api.sitesQuery(query(0, 1, [key])))
    if (mine === generation && page.ok && chosen.value === key) chosenRow.value = page.value.rows[0] ?? null
  }

  /** The view shows the choices for this scope with this site chosen (the list is forgotten for a new scope). */
  function show(accounts: readonly string[], key: RowKey | null): void {
    if (accounts.join('\n') !== scope.value.join('\n')) {
      scope.value = [...accounts]
      forget()
    }
    chosen.value = key
    void nameChosen()
  }

  /** The view went: the list is forgotten and nothing more is read. */
  function close(): void {
    scope.value = []
    chosen.value = null
    chosenRow.value = null
    forget()
  }

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (!change.sites || !scope.value.includes(change.accountId)) return
      const wasRead = rows.value !== null
      forget()
      if (wasRead) want()
    }),
  )

  return { scope, rows, chosen, chosenRow, reading, want, show, close }
})
