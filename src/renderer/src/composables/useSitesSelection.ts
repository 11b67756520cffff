// The Sites view's selection: kept in the view's state (so in the address), counted against the
// query's total, and kept true as the scope changes: accounts added or removed in the All scope
// drop it, and a selected site deleted (here, elsewhere, or found gone by a sync) leaves it.
import { computed, watch } from 'vue'
import type { Result } from '../../../shared'
import type { RowKey } from '../../../shared/scope'
import type { TableRow } from '../../../shared/sites-query'
import { withoutKeys } from '../lib/row-selection'
import { hasSelection, selectionSize } from '../lib/sites-view-state'
import { useAccountsStore } from '../stores/accounts'
import { useSiteWindowStore } from '../stores/site-window'
import type { useSitesViewState } from './useSitesViewState'

/** `total`: the rows the query matches, what a selection of every matching row counts. */
export function useSitesSelection(view: ReturnType<typeof useSitesViewState>, total: () => number) {
  const accounts = useAccountsStore()
  const siteWindow = useSiteWindowStore()

  const selection = computed(() => view.state.value.selection)
  const selectedCount = computed(() => selectionSize(selection.value, total()))

  function clearSelection(): void {
    if (hasSelection(selection.value)) view.update({ selection: { kind: 'keys', keys: [] } })
  }

  function dropFromSelection(keys: readonly RowKey[]): void {
    const next = withoutKeys(selection.value, keys)
    if (next !== selection.value) view.update({ selection: next })
  }

  // Accounts added or removed in the All scope: a selection made before is dropped rather than
  // trusted (a key still names the same site, but a selection is never worth a doubt).
  watch(
    () => accounts.accounts.map((a) => a.id).join('\n'),
    () => {
      if (accounts.isAllScope && hasSelection(selection.value)) clearSelection()
    },
  )

  // When core says the scope changed, it is asked which of the selected keys still name a site.
  watch(
    () => siteWindow.revision,
    async (revision, previous) => {
      const now = selection.value
      if (revision === null || previous === null || now.kind !== 'keys' || now.keys.length === 0) return
      const left = await siteWindow.existingKeys(now.keys)
      // Changed meanwhile: the person's newer selection wins.
      if (!left || selection.value !== now) return
      const gone = now.keys.filter((key) => !left.has(key))
      if (gone.length > 0) dropFromSelection(gone)
    },
  )

  /** The rows of the selection, from core, in the table's order. */
  function selectedRows(): Promise<Result<TableRow[]>> {
    return siteWindow.rowsOf(selection.value)
  }

  return { selection, selectedCount, clearSelection, dropFromSelection, selectedRows }
}
