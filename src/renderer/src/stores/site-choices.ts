// The sites of a scope for a control that picks one (the events filter's site combobox), asked
// of core ('sites:query') a few at a time rather than kept in the renderer: while the list is
// open, the first SITE_CHOICES_LIMIT sites matching the typed text by name, each row only its
// id, name and addresses (`columns: []`), with core's count of all that match. A newer search's
// answer wins (an older one still on its way is dropped). The chosen site is named at once on
// its own (a `keys` query of one row), so an address with ?site= shows its name though the list
// was never opened. A change to the scope's sites makes an open list ask again (the same text);
// a closed one asks nothing. The view opens the store for its scope and closes it when it goes:
// nothing is asked while no view shows it.
import { defineStore } from 'pinia'
import { onScopeDispose, ref, shallowRef } from 'vue'
import { EMPTY_FILTER, parseKey, type RowKey, type SitesQuery, type TableRow } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

/** At most this many sites listed at once: more than that, and the person types to narrow. */
export const SITE_CHOICES_LIMIT = 50

export const useSiteChoicesStore = defineStore('site-choices', () => {
  const api = useApi()
  /** The accounts whose sites are listed; empty while no view shows the choices. */
  const scope = shallowRef<readonly string[]>([])
  /** The text the open list was asked for. */
  const term = ref('')
  /** Whether the list is open (only an open list asks core). */
  const open = ref(false)
  /** The latest answer's rows (at most SITE_CHOICES_LIMIT), null before an answer or once closed. */
  const rows = shallowRef<readonly TableRow[] | null>(null)
  /** How many sites of the scope match the text (core's count; more than `rows` when narrowed). */
  const total = ref(0)
  /** A search is on its way. */
  const searching = ref(false)
  /** The site chosen, as named on its own. */
  const chosen = shallowRef<RowKey | null>(null)
  const chosenRow = shallowRef<TableRow | null>(null)
  // Bumped by each search, a new scope and closing: an answer to an older search is dropped.
  let generation = 0
  // Bumped by each naming of the chosen site: only the latest one's answer is kept.
  let naming = 0

  function query(search: string, limit: number, keys?: readonly RowKey[]): SitesQuery {
    return {
      scope: [...scope.value],
      filter: search === '' ? EMPTY_FILTER : { ...EMPTY_FILTER, search },
      sort: [{ key: 'name', direction: 'asc' }],
      offset: 0,
      limit,
      columns: [],
      ...(keys ? { keys } : {}),
    }
  }

  /** Asks core for the first sites matching `term`; a failure keeps what was listed. */
  async function ask(): Promise<void> {
    const mine = ++generation
    if (scope.value.length === 0) {
      searching.value = false
      return
    }
    searching.value = true
    const page = await call(() => api.sitesQuery(query(term.value, SITE_CHOICES_LIMIT)))
    if (mine !== generation) return
    searching.value = false
    if (!page.ok) return
    rows.value = page.value.rows
    total.value = page.value.total
  }

  /** The list is open with this text typed: ask core for the sites matching it. */
  function search(text: string): void {
    open.value = true
    term.value = text
    void ask()
  }

  /** The list closed: what it listed is forgotten and an answer on its way dropped. */
  function shut(): void {
    generation++
    open.value = false
    term.value = ''
    searching.value = false
    rows.value = null
    total.value = 0
  }

  async function nameChosen(): Promise<void> {
    const mine = ++naming
    const key = chosen.value
    if (chosenRow.value?.key !== key) chosenRow.value = null
    const site = key === null ? null : parseKey(key)
    if (key === null || site === null || !scope.value.includes(site.accountId)) return
    const page = await call(() => api.sitesQuery(query('', 1, [key])))
    if (mine === naming && page.ok && chosen.value === key) chosenRow.value = page.value.rows[0] ?? null
  }

  /** The view shows the choices for this scope with this site chosen (an open list asks again for a new scope). */
  function show(accounts: readonly string[], key: RowKey | null): void {
    if (accounts.join('\n') !== scope.value.join('\n')) {
      scope.value = [...accounts]
      if (open.value) void ask()
      else shut()
    }
    chosen.value = key
    void nameChosen()
  }

  /** The view went: the list is forgotten and nothing more is asked. */
  function close(): void {
    scope.value = []
    chosen.value = null
    chosenRow.value = null
    naming++
    shut()
  }

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (!change.sites || !scope.value.includes(change.accountId)) return
      if (open.value) void ask()
    }),
  )

  return { scope, term, open, rows, total, searching, chosen, chosenRow, search, shut, show, close }
})
