// The Sites table's columns: which are shown and in which order (the account's layout,
// stores/site-columns.ts), how wide each is (dragged by the person, else measured from the
// scope's widest cells core names, column-sizer.ts, in the table's own fonts), and whether the
// table is wider than its scroller and scrolls sideways. Health is a column of the layout like
// the fields (its width fixed unless dragged); the Account column is the table's own, in a
// scope of several accounts only: not in the layout store, so neither resized nor kept.
import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue'
import type { SiteSort, WidestCells } from '../../../../../shared/sites-query'
import { HEALTH_FIELD_LABEL, type SiteFieldKey, type TableFieldKey } from '../../../lib/site-fields'
import { useAccountsStore } from '../../../stores/accounts'
import { MIN_COLUMN_WIDTH, useSiteColumnsStore, type LayoutKey } from '../../../stores/site-columns'
import { CORNER_COLUMN_WIDTH, SELECT_COLUMN_WIDTH, SITE_COLUMNS } from '../columns'
import { ColumnSizer } from './column-sizer'

export interface ShownColumn {
  key: TableFieldKey
  label: string
  align: 'end' | undefined
  width: number
}

export interface ColumnLayoutOptions {
  /** Whose column layout to use. */
  accountId: () => string
  /** The view's sort: a second sort's column is measured with its sort marker. */
  sort: () => readonly SiteSort[]
  /** The scope's widest cells of each shown column (core's). */
  widest: () => WidestCells | null
  /** Rows of several accounts: the Account column follows Name. */
  showAccount: () => boolean
  /** The element the table scrolls in: its width decides when the table scrolls sideways. */
  scroller: Ref<HTMLElement | null>
  /** The table, whose computed style names the fonts its cells are measured in. */
  table: Ref<HTMLTableElement | null>
}

/**
 * Where the columns would make the table wider than the window, Address (the one column whose
 * text is also in its link's title) gives up room first, down to ADDRESS_FIT_MIN, so more
 * columns fit before the table scrolls sideways. Not when the person sized it themselves.
 */
const ADDRESS_FIT_MIN = 190
/** The Health column: room for "PHP 8.1 without security fixes since 31 Dec 2025" and a "+2". */
const HEALTH_COLUMN_WIDTH = 370

/** Whether a column's width is the person's to drag and keep (in the layout store). */
export function isResizable(key: TableFieldKey): key is LayoutKey {
  return key !== 'account'
}

export function minWidth(key: TableFieldKey): number {
  // Name never gets too narrow to read; the others may go as narrow as the person likes.
  return key === 'name' ? SITE_COLUMNS.name.min : MIN_COLUMN_WIDTH
}

export function useColumnLayout(options: ColumnLayoutOptions) {
  const columnsStore = useSiteColumnsStore()
  const accounts = useAccountsStore()
  /** Bumped when the fonts are known. */
  const widthsVersion = ref(0)
  const sizer = new ColumnSizer()

  const layout = computed(() => columnsStore.layout(options.accountId()))
  const visibleKeys = computed(() => columnsStore.visibleKeys(options.accountId()))
  const shownColumns = computed(() => columnsStore.shownColumns(options.accountId()))
  const density = computed(() => columnsStore.density)
  const rowHeight = computed(() => (density.value === 'compact' ? 28 : 36))

  /** Wide enough for the longest account label (a handful of accounts: no measuring needed). */
  const accountWidth = computed(() => {
    const longest = Math.max(7, ...accounts.accounts.map((a) => a.label.length))
    return Math.min(240, Math.max(110, Math.round(longest * 7.4) + 56))
  })

  /**
   * Each shown column's content width, from the scope's widest cells core named (a handful per
   * column, whatever the search or the scroll position): no block of rows is measured, and the
   * widths stand while the person types or scrolls.
   */
  const measured = computed<Partial<Record<SiteFieldKey, number>>>(() => {
    void widthsVersion.value
    const second = options.sort()[1]?.key
    const secondKey = second && second !== 'account' && second !== 'health' ? second : null
    return sizer.widthsOfWidest(visibleKeys.value, options.widest(), secondKey)
  })

  /** The scroller's width, to know when the table is wider and scrolls sideways. */
  const containerWidth = ref(0)
  let resizeObserver: ResizeObserver | null = null

  const columns = computed(() => {
    const list: ShownColumn[] = shownColumns.value.map((key) => {
      const dragged = layout.value.widths[key]
      if (key === 'health') return { key, label: HEALTH_FIELD_LABEL, align: undefined, width: Math.max(minWidth(key), dragged ?? HEALTH_COLUMN_WIDTH) }
      const spec = SITE_COLUMNS[key]
      const width = Math.max(minWidth(key), dragged ?? measured.value[key] ?? spec.min)
      return { key, label: spec.label, align: spec.align, width }
    })
    if (options.showAccount()) {
      const name = list.findIndex((c) => c.key === 'name')
      list.splice(name + 1, 0, { key: 'account', label: 'Account', align: undefined, width: accountWidth.value })
    }
    const total = SELECT_COLUMN_WIDTH + list.reduce((sum, c) => sum + c.width, 0) + CORNER_COLUMN_WIDTH
    const over = containerWidth.value > 0 ? total - containerWidth.value : 0
    const address = list.find((c) => c.key === 'url')
    if (over > 0 && address && layout.value.widths.url === undefined) address.width = Math.max(ADDRESS_FIT_MIN, address.width - over)
    return list
  })

  /** At least the container's width; wider when the columns need it (then it scrolls sideways). */
  const tableMinWidth = computed(() => SELECT_COLUMN_WIDTH + columns.value.reduce((sum, c) => sum + c.width, 0) + CORNER_COLUMN_WIDTH)
  const scrollsX = computed(() => containerWidth.value > 0 && tableMinWidth.value > containerWidth.value)

  function onResize(key: TableFieldKey, width: number): void {
    if (isResizable(key)) columnsStore.setWidth(options.accountId(), key, width)
  }

  function onResetWidth(key: TableFieldKey): void {
    if (isResizable(key)) columnsStore.resetWidth(options.accountId(), key)
  }

  /** The table's fonts for measuring its cells, read from its computed style. */
  function readFonts(): void {
    const table = options.table.value
    if (!table) return
    const style = getComputedStyle(table)
    const ui = style.fontFamily || 'system-ui, sans-serif'
    const mono = style.getPropertyValue('--font-mono').trim() || 'monospace'
    if (sizer.setFonts({ ui, mono })) widthsVersion.value++
  }

  onMounted(() => {
    const scroller = options.scroller.value
    if (!scroller) return
    if (typeof ResizeObserver === 'undefined') {
      readFonts()
      return
    }
    // Nothing is read from the page while it mounts (a read after the mount's writes would make
    // the browser lay out the page there and then, once more): the observer's first call comes
    // once the browser has laid it out anyway, before it paints, and the fonts are read there.
    let fontsRead = false
    resizeObserver = new ResizeObserver((entries) => {
      containerWidth.value = entries[0]?.contentRect.width ?? 0
      if (!fontsRead) {
        fontsRead = true
        readFonts()
      }
    })
    resizeObserver.observe(scroller)
  })

  onBeforeUnmount(() => {
    resizeObserver?.disconnect()
    // A width dragged a moment ago is written now rather than lost with the table.
    void columnsStore.flush()
  })

  return { density, rowHeight, columns, tableMinWidth, scrollsX, onResize, onResetWidth }
}
