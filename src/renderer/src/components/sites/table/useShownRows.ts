// Which of the view's rows the Sites table renders: all of a short scope's; past `virtualizeAbove`
// rows only those on screen and a few around them (row-window.ts), spacer rows keeping the
// scroll height. Decided by the scope's size, not the view's: a search that narrows a long
// scope to a few dozen rows still renders only a screenful (rendering every one of 60 rows at
// once made the narrowing keystrokes the slowest, twice the rows of a screen laid out and
// painted). A row core has not answered yet is a placeholder of the same height. The
// table says which rows it shows, so the view asks core for them (and the window store for the
// blocks around them).
import { computed, watch, type Ref } from 'vue'
import type { TableRow } from '../../../../../shared/sites-query'
import { useRowWindow } from './row-window'
import type { Row } from './useRowCells'

/** The header row's height (its CSS): it stays over the top of the scroller's view. */
const HEADER_HEIGHT = 34

/** A row on screen: fetched (with its site) or still asked for (a placeholder). */
export interface ShownRow {
  index: number
  key: string
  made: Row | null
}

export interface ShownRowsOptions {
  scroller: Ref<HTMLElement | null>
  total: () => number
  /** The scope's rows whatever the search and filters. */
  scopeTotal: () => number
  rowAt: (index: number) => TableRow | undefined
  virtualizeAbove: () => number
  rowHeight: () => number
  rowOf: (row: TableRow) => Row
  /** The rows [first, end) are on screen (or about to be). */
  onRange: (first: number, end: number) => void
}

export function useShownRows(options: ShownRowsOptions) {
  const virtual = computed(() => options.scopeTotal() > options.virtualizeAbove())

  const rowsWindow = useRowWindow({
    scroller: options.scroller,
    count: () => (virtual.value ? options.total() : 0),
    rowHeight: options.rowHeight,
    // A screenful and a few rows on either side: each row more is mounted on every keystroke.
    overscan: 4,
    headerHeight: HEADER_HEIGHT,
  })

  /** The rows shown: [first, end) of the view. */
  const shownRange = computed(() => (virtual.value ? { first: rowsWindow.first.value, end: rowsWindow.end.value } : { first: 0, end: options.total() }))

  const visible = computed(() => {
    const { first, end } = shownRange.value
    const rows: ShownRow[] = []
    for (let index = first; index < end; index++) {
      const row = options.rowAt(index)
      rows.push(row ? { index, key: row.key, made: options.rowOf(row) } : { index, key: `pending:${index}`, made: null })
    }
    const rowHeight = options.rowHeight()
    return { rows, top: virtual.value ? first * rowHeight : 0, bottom: virtual.value ? (options.total() - end) * rowHeight : 0 }
  })

  // The view fetches what is on screen (and the window store the blocks around it).
  watch(
    () => `${shownRange.value.first}:${shownRange.value.end}`,
    () => options.onRange(shownRange.value.first, Math.max(shownRange.value.first + 1, shownRange.value.end)),
    { immediate: true },
  )

  /** A row on screen by its key (the rows acted on are always on screen). */
  function rowByKey(key: string | undefined): TableRow | undefined {
    return visible.value.rows.find((r) => r.key === key)?.made?.row
  }

  return { virtual, visible, rowByKey, scrollToIndex: (index: number) => rowsWindow.scrollToIndex(index) }
}
