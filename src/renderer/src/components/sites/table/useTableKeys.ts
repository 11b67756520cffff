// The Sites table's keys. Its commands' keys are written in the keys table
// (shared/keybindings.ts, handledBy 'table'): anywhere on the page but typed text, an open
// dialog or menu, Ctrl/Cmd+A selects every matching row, Escape clears the selection and Delete
// asks to delete the selection (or the focused row when it is not in it); on a focused row the
// menu key or Shift+F10 opens the row's menu. Moving between rows is the table's alone: the
// arrows move the focus to the row above or below (waiting for core's answer for a row not
// fetched yet), and Space on a row's name selects it (with Shift, the range).
import { nextTick, onBeforeUnmount, onMounted, shallowRef, watch, type Ref } from 'vue'
import type { SiteSelection, TableRow } from '../../../../../shared/sites-query'
import { tableBindingFor } from '../../../../../shared/keybindings'
import { isModKey, isTypingTarget } from '../../../composables/useGlobalShortcuts'
import { selectionSize } from '../../../lib/sites-view-state'
import { nameLinkAt, rowElementOf } from './row-elements'
import { openMenuFromKeyboard } from './useRowMenu'

export interface TableKeysOptions {
  /** How many rows the view has. */
  total: () => number
  /** The row at an index of the view, once fetched. */
  rowAt: (index: number) => TableRow | undefined
  /** A row on screen by its key. */
  rowByKey: (key: string | undefined) => TableRow | undefined
  /** Whether only the rows on screen are rendered (a row is scrolled to before it is focused). */
  virtual: () => boolean
  scrollToIndex: (index: number) => void
  /** The element the rows scroll in. */
  scroller: Ref<HTMLElement | null>
  /** While the view loads its first rows, the keys are not the table's. */
  loading: () => boolean
  selection: Ref<SiteSelection>
  hasSelection: () => boolean
  selectEverything: () => void
  clearAll: () => void
  toggleRow: (index: number, key: string, range: boolean) => Promise<void>
  deleteTargets: (row: TableRow) => SiteSelection
  delete: (selection: SiteSelection) => void
}

/** Whether a key pressed anywhere is for the table: not typed text, no dialog or menu open. */
function keyIsForTable(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || isTypingTarget(event.target)) return false
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') === null
}

export function useTableKeys(options: TableKeysOptions) {
  const { rowAt } = options

  /** The row the keyboard is moving to, while its block is still being asked of core. */
  const focusTarget = shallowRef<number | null>(null)

  /** Moves the focus to the name link of the row `by` rows away, scrolling it into view. */
  async function focusRow(fromIndex: number, by: number): Promise<void> {
    const index = fromIndex + by
    if (index < 0 || index >= options.total()) return
    focusTarget.value = index
    if (options.virtual()) options.scrollToIndex(index)
    await nextTick()
    // A row not fetched yet is a placeholder: its link comes with core's answer.
    if (!rowAt(index)) {
      await new Promise<void>((resolve) => {
        const stop = watch(
          () => rowAt(index) !== undefined || focusTarget.value !== index,
          (done) => {
            if (!done) return
            stop()
            resolve()
          },
        )
      })
      await nextTick()
    }
    if (focusTarget.value !== index) return
    focusTarget.value = null
    nameLinkAt(options.scroller.value, index)?.focus()
  }

  /** Keys on a focused row: arrows move between rows, Space selects, the menu key opens its menu. */
  function onBodyKeydown(event: KeyboardEvent): void {
    const row = rowElementOf(event.target)
    if (!row) return
    const index = Number(row.dataset.index)
    if (tableBindingFor(event)?.command === 'sites.table.rowMenu') {
      event.preventDefault()
      openMenuFromKeyboard(event.target as HTMLElement)
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !event.altKey && !isModKey(event)) {
      event.preventDefault()
      void focusRow(index, event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === ' ' && (event.target as Element).matches('a.name-link')) {
      event.preventDefault()
      void options.toggleRow(index, row.dataset.key ?? '', event.shiftKey)
    }
  }

  function onDocumentKeydown(event: KeyboardEvent): void {
    if (options.loading() || !keyIsForTable(event)) return
    const command = tableBindingFor(event)?.command
    if (command === 'sites.table.selectAll') {
      event.preventDefault()
      options.selectEverything()
    } else if (command === 'sites.selection.clear' && options.hasSelection()) {
      options.clearAll()
    } else if (command === 'sites.table.delete') {
      const row = options.rowByKey(rowElementOf(event.target)?.dataset.key)
      const targets = row ? options.deleteTargets(row) : options.selection.value
      if (selectionSize(targets, options.total()) === 0) return
      event.preventDefault()
      options.delete(targets)
    }
  }

  onMounted(() => document.addEventListener('keydown', onDocumentKeydown))
  onBeforeUnmount(() => document.removeEventListener('keydown', onDocumentKeydown))

  return { onBodyKeydown }
}
