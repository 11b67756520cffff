// The events filter's site choices: the scope's sites by name, read through the site-choices
// store when the person reaches for the control (`want`), each labelled with its account when
// the scope has several; the chosen site is listed (and named) even before the list is read.
import { computed, onScopeDispose, toRef, watch } from 'vue'
import { parseKey, type RowKey, type SiteRow } from '../../../../shared'
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

  function label(row: SiteRow): string {
    const name = row.site.name || `Site #${row.site.id}`
    if (!many.value) return name
    return `${name} (${accounts.accounts.find((a) => a.id === row.accountId)?.label ?? 'another account'})`
  }

  const choices = computed<SiteChoice[]>(() => {
    const listed = (store.rows ?? []).map((row) => ({ value: row.key, label: label(row) }))
    const key = chosen()
    if (key !== null && !listed.some((choice) => choice.value === key)) {
      const row = store.chosenRow
      const id = parseKey(key)?.id
      listed.unshift({ value: key, label: row?.key === key ? label(row) : `Site #${id ?? key}` })
    }
    return listed
  })

  /** The chosen site's name, once known. */
  const chosenName = computed(() => {
    const key = chosen()
    const row = store.rows?.find((r) => r.key === key) ?? (store.chosenRow?.key === key ? store.chosenRow : null)
    return row ? row.site.name : null
  })

  return { choices, chosenName, want: store.want, reading: toRef(store, 'reading') }
}
