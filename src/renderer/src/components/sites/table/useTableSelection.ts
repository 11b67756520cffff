// The Sites table's selection: keys, or "every matching row but these" (Ctrl/Cmd+A, the header
// box), so a selection of any size is never a list. A row's box toggles it; Shift+click selects
// the range from the last box clicked without Shift, asking core for the keys of rows not
// fetched. The selection is the view's (v-model:selection): the table only hands it a new one.
// When a selection is cleared and its bar's focused button goes with it, the focus comes back
// to the row last used.
import { computed, nextTick, watch, type Ref } from 'vue'
import type { RowKey } from '../../../../../shared/scope'
import type { SiteSelection, TableRow } from '../../../../../shared/sites-query'
import { headerState, selectEvery, setKeys, toggleKey } from '../../../lib/row-selection'
import { hasSelection, isSelected } from '../../../lib/sites-view-state'
import { focusIsLost } from '../../../lib/view-focus'
import { nameLinkAt, rowElementOf } from './row-elements'

export interface TableSelectionOptions {
  /** The view's selection (the table's model). */
  selection: Ref<SiteSelection>
  /** How many rows the view has. */
  total: () => number
  /** The row at an index of the view, once fetched. */
  rowAt: (index: number) => TableRow | undefined
  /** The keys of rows [from, to) of the view (null: the view changed meanwhile). */
  keysBetween: (from: number, to: number) => Promise<readonly RowKey[] | null>
  /** The element the rows scroll in, where the focus is given back. */
  scroller: Ref<HTMLElement | null>
}

/** Past this many rows the header box does not compare a named selection row by row. */
const HEADER_COMPARE_ROWS = 1_000

export function useTableSelection(options: TableSelectionOptions) {
  const { selection, rowAt } = options

  /** The row a range starts from: the last one whose box was clicked without Shift (its index and key). */
  let anchor: { index: number; key: RowKey } | null = null

  /** Every key of the view, when the table has fetched them all (a short view); else null. */
  const viewKeys = computed<string[] | null>(() => {
    const total = options.total()
    if (selection.value.kind !== 'keys' || selection.value.keys.length === 0 || total > HEADER_COMPARE_ROWS) return null
    const keys: string[] = []
    for (let index = 0; index < total; index++) {
      const row = rowAt(index)
      if (!row) return null
      keys.push(row.key)
    }
    return keys
  })
  const headerCheck = computed(() => headerState(selection.value, options.total(), viewKeys.value))
  const selected = (key: string): boolean => isSelected(selection.value, key)

  function setSelection(next: SiteSelection): void {
    selection.value = next
  }

  function onHeaderCheck(event: Event): void {
    setSelection(headerCheck.value === 'all' ? { kind: 'keys', keys: [] } : selectEvery())
    // The box shows the selection the view hands back, not its own toggled state.
    const box = event.target as HTMLInputElement
    void nextTick(() => (box.checked = headerCheck.value === 'all'))
  }

  async function toggleRow(index: number, key: RowKey, range: boolean): Promise<void> {
    // A range counts from the anchor only while it is still the same row at the same place.
    if (range && anchor !== null && rowAt(anchor.index)?.key === anchor.key) {
      const [from, to] = anchor.index <= index ? [anchor.index, index] : [index, anchor.index]
      const select = !selected(key)
      const before = selection.value
      const keys = await options.keysBetween(from, to + 1)
      // The view or the selection changed while core answered: the range no longer means what was clicked.
      if (!keys || before !== selection.value) return
      setSelection(setKeys(selection.value, keys, select))
      return
    }
    setSelection(toggleKey(selection.value, key))
    anchor = { index, key }
  }

  function selectEverything(): void {
    setSelection(selectEvery())
  }

  function clearAll(): void {
    if (hasSelection(selection.value)) setSelection({ kind: 'keys', keys: [] })
  }

  /** The rows Delete acts on: the selection when the row is in it, else just the row. */
  function deleteTargets(row: TableRow): SiteSelection {
    return selected(row.key) ? selection.value : { kind: 'keys', keys: [row.key] }
  }

  /** The row that last had the focus: where it goes back to when the selection's bar goes. */
  let lastFocusedRow: number | null = null
  function onBodyFocusIn(event: FocusEvent): void {
    const row = rowElementOf(event.target)
    if (row) lastFocusedRow = Number(row.dataset.index)
  }

  // A selection cleared (Escape, Clear, its sites deleted) takes the selection bar with it, and
  // the bar's button that had the focus: the focus comes back to the table, on the row last
  // used, else the first row shown, instead of being left on the page.
  watch(
    () => hasSelection(selection.value),
    (has, had) => {
      // Lost: on the page, or still on the removed button (the browser moves it off in a task of its own).
      const active = document.activeElement
      if (has || !had || !(focusIsLost() || (active !== null && !active.isConnected))) return
      const rows = options.scroller.value
      const link = nameLinkAt(rows, lastFocusedRow ?? -1) ?? rows?.querySelector<HTMLElement>('tr.site-row .name-link')
      link?.focus()
    },
    { flush: 'post' },
  )

  return { headerCheck, selected, onHeaderCheck, toggleRow, selectEverything, clearAll, deleteTargets, onBodyFocusIn }
}
