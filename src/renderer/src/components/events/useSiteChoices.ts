// The events filter's site choices: while the list is open, the first sites matching the typed
// text by name, asked of core through the site-choices store (`search`; `shut` when it closes),
// each labelled with its account when the scope has several; the chosen site is named at once
// on its own, before (and without) the list ever being opened.
import { computed, onScopeDispose, shallowRef, toRef, watch } from 'vue'
import { parseKey, type RowKey, type TableRow } from '../../../../shared'
import { useAccountsStore } from '../../stores/accounts'
import { useSiteChoicesStore } from '../../stores/site-choices'

export interface SiteChoice {
  value: RowKey
  label: string
}

export function useSiteChoices(scope: () => readonly string[], chosen: () => RowKey | null) {
  const accounts = useAccountsStore()
  const store = useSiteChoicesStore()
  const many = computed(() => scope().length > 1)

  watch([() => scope().join('\n'), chosen], () => store.show(scope(), chosen()), { immediate: true })
  onScopeDispose(store.close)

  function label(row: TableRow): string {
    const name = row.site.name || `Site #${row.site.id}`
    if (!many.value) return name
    return `${name} (${accounts.accounts.find((a) => a.id === row.accountId)?.label ?? 'another account'})`
  }

  /** The sites the open list shows (none while it is closed). */
  const choices = computed<SiteChoice[]>(() => (store.rows ?? []).map((row) => ({ value: row.key, label: label(row) })))

  // The choice last picked from the list: named by it until the store's own naming answers.
  const picked = shallowRef<SiteChoice | null>(null)
  function remember(key: RowKey | null): void {
    picked.value = key === null ? null : (choices.value.find((choice) => choice.value === key) ?? null)
  }

  /** The chosen site's label (its number until its name is known); null for all sites. */
  const chosenLabel = computed<string | null>(() => {
    const key = chosen()
    if (key === null) return null
    const row = store.chosenRow?.key === key ? store.chosenRow : (store.rows?.find((r) => r.key === key) ?? null)
    if (row) return label(row)
    if (picked.value?.value === key) return picked.value.label
    return `Site #${parseKey(key)?.id ?? key}`
  })

  /** More sites match than are listed. */
  const narrowed = computed(() => store.rows !== null && store.total > store.rows.length)

  return {
    choices,
    chosenLabel,
    narrowed,
    remember,
    total: toRef(store, 'total'),
    searching: toRef(store, 'searching'),
    /** The list is open with this text typed. */
    search: (text: string) => store.search(text),
    /** The list closed. */
    shut: () => store.shut(),
  }
}
