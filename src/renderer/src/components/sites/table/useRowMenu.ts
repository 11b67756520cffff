// The Sites table's one row menu (RowContextMenu.vue), wired to the rows: a right-click or the
// keyboard's menu key on a row opens it there, its actions act on that row (Delete… on the
// selection when the row is in it), and closing it gives the focus back to where it was.
// Its code (reka-ui's context menu) is not in the first bundle: it loads on the first
// right-click, or before that when the page is idle, and then stays.
import { computed, defineAsyncComponent, ref, shallowRef, watch } from 'vue'
import type { SiteSelection, TableRow, TableSite } from '../../../../../shared/sites-query'
import { preloadWhenIdle } from '../../../lib/preload'
import { selectionSize } from '../../../lib/sites-view-state'
import { rowView } from '../row-view'
import type { RowAction } from './RowContextMenu.vue'
import { rowElementOf } from './row-elements'
import { useRowActions } from './useRowActions'

export interface RowMenuOptions {
  /** A row on screen by its key (the rows acted on are always on screen). */
  rowByKey: (key: string | undefined) => TableRow | undefined
  /** The rows Delete acts on for this row. */
  deleteTargets: (row: TableRow) => SiteSelection
  /** How many rows the view has (a "matching" selection's size). */
  total: () => number
  open: (row: TableRow) => void
  delete: (selection: SiteSelection) => void
}

/** What the table's template needs to place the menu: the loaded menu's handle. */
interface LoadedRowMenu {
  openAt(clientX: number, clientY: number): void
}

const loadRowMenu = () => import('./RowContextMenu.vue')

/** Opens the row menu from the keyboard, under the focused element, as a right-click would. */
export function openMenuFromKeyboard(from: HTMLElement): void {
  const rect = from.getBoundingClientRect()
  from.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: rect.left + 8, clientY: rect.bottom }))
}

export function useRowMenu(options: RowMenuOptions) {
  const { copyAddress, openExternal } = useRowActions()
  const RowContextMenu = defineAsyncComponent(loadRowMenu)
  preloadWhenIdle(loadRowMenu)
  const menuUsed = ref(false)
  const rowMenu = ref<LoadedRowMenu | null>(null)
  /** Where the menu was asked for before its code had loaded. */
  let pendingOpen: { clientX: number; clientY: number } | null = null
  watch(rowMenu, (menu) => {
    if (!menu || !pendingOpen) return
    menu.openAt(pendingOpen.clientX, pendingOpen.clientY)
    pendingOpen = null
  })

  const menuRow = shallowRef<TableRow | null>(null)
  const menuSite = computed(() => menuRow.value?.site ?? null)
  let focusBeforeMenu: HTMLElement | null = null

  const menuDeleteCount = computed(() => (menuRow.value ? selectionSize(options.deleteTargets(menuRow.value), options.total()) : 0))

  /** A right-click (or the keyboard's menu key) on a row opens the row menu there; elsewhere, the browser's own menu. */
  function onContextMenu(event: MouseEvent): void {
    const element = rowElementOf(event.target)
    const row = options.rowByKey(element?.dataset.key)
    if (!row) return
    event.preventDefault()
    menuRow.value = row
    focusBeforeMenu = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (rowMenu.value) rowMenu.value.openAt(event.clientX, event.clientY)
    else {
      pendingOpen = { clientX: event.clientX, clientY: event.clientY }
      menuUsed.value = true
    }
  }

  function onMenuAction(action: RowAction, site: TableSite): void {
    const row = menuRow.value
    if (!row || row.site !== site) return
    if (action === 'page') options.open(row)
    else if (action === 'site') openExternal(rowView(site).siteHref)
    else if (action === 'admin') openExternal(rowView(site).adminHref)
    else if (action === 'copy') void copyAddress(site)
    else if (action === 'delete') options.delete(options.deleteTargets(row))
  }

  function onMenuClosed(): void {
    const back = focusBeforeMenu
    focusBeforeMenu = null
    if (back?.isConnected) back.focus()
  }

  return { RowContextMenu, rowMenu, menuUsed, menuSite, menuDeleteCount, onContextMenu, onMenuAction, onMenuClosed }
}
