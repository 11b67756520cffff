// The events filter's site choices: the scope's sites by name, asked of core ('sites:query')
// rather than kept in the renderer. They are read when the person reaches for the site
// control (`want`), not with the view, since most visits never open it; the chosen site is
// named at once on its own (a `keys` query of one row), so an address with ?site= shows its
// name. A change to an account's sites makes the list be read again the next time it is wanted.
import { computed, onScopeDispose, ref, shallowRef, watch } from 'vue'
import { EMPTY_FILTER, MAX_QUERY_ROWS, parseKey, type RowKey, type SiteRow, type SitesQuery } from '../../../../shared'
import { useApi } from '../../lib/api'
import { call } from '../../lib/call'
import { useAccountsStore } from '../../stores/accounts'

export interface SiteChoice {
  value: RowKey
  label: string
}

export function useSiteChoices(scope: () => readonly string[], chosen: () => RowKey | null) {
  const api = useApi()
  const accounts = useAccountsStore()
  const rows = shallowRef<readonly SiteRow[] | null>(null)
  const chosenRow = shallowRef<SiteRow | null>(null)
  const reading = ref(false)
  // Bumped by a new scope or a change to its sites: a read begun before is dropped.
  let generation = 0

  const scopeKey = computed(() => scope().join('\n'))
  const many = computed(() => scope().length > 1)

  function label(row: SiteRow): string {
    const name = row.site.name || `Site #${row.site.id}`
    if (!many.value) return name
    return `${name} (${accounts.accounts.find((a) => a.id === row.accountId)?.label ?? 'another account'})`
  }

  function query(offset: number, limit: number, keys?: readonly RowKey[]): SitesQuery {
    return {
      scope: [...scope()],
      filter: EMPTY_FILTER,
      sort: [{ key: 'name', direction: 'asc' }],
      offset,
      limit,
      ...(keys ? { keys } : {}),
    }
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
    if (rows.value === null && !reading.value && scope().length > 0) void readAll()
  }

  function forget(): void {
    generation++
    reading.value = false
    rows.value = null
  }

  async function nameChosen(key: RowKey | null): Promise<void> {
    chosenRow.value = null
    const site = key === null ? null : parseKey(key)
    if (key === null || site === null || !scope().includes(site.accountId)) return
    const mine = generation
    const page = await call(() => api.sitesQuery(query(0, 1, [key])))
    if (mine === generation && page.ok && chosen() === key) chosenRow.value = page.value.rows[0] ?? null
  }

  watch(scopeKey, forget)
  watch([chosen, scopeKey], ([key]) => void nameChosen(key), { immediate: true })
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (!change.sites || !scope().includes(change.accountId)) return
      const wasRead = rows.value !== null
      forget()
      if (wasRead) want()
    }),
  )

  const choices = computed<SiteChoice[]>(() => {
    const listed = (rows.value ?? []).map((row) => ({ value: row.key, label: label(row) }))
    const key = chosen()
    if (key !== null && !listed.some((choice) => choice.value === key)) {
      const row = chosenRow.value
      const id = parseKey(key)?.id
      listed.unshift({ value: key, label: row?.key === key ? label(row) : `Site #${id ?? key}` })
    }
    return listed
  })

  /** The chosen site's name, once known. */
  const chosenName = computed(() => {
    const key = chosen()
    const row = rows.value?.find((r) => r.key === key) ?? (chosenRow.value?.key === key ? chosenRow.value : null)
    return row ? row.site.name : null
  })

  return { choices, chosenName, want, reading }
}
