// Which rows of a long table are rendered: those in the scroller's view and a few on either
// side, the rest stood in for by two spacer rows of the right height. Every row of the sites
// table has the same height (its density), so the window is plain arithmetic on the scroll
// position: nothing is measured per row, and a search that changes the number of rows costs
// nothing here (a general virtualiser re-lays out every row's offset whenever the count changes).
import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

/** Rows rendered where neither the scroller's height nor the window's is known (tests without a window). */
export const ROWS_BEFORE_LAYOUT = 40

/**
 * What the scroller can show at most before it is laid out: the window's height, read without
 * a layout. The table's first render (the window opening) then mounts about a screenful of rows,
 * not a fixed 40 that the first measurement trims in the same frame: at 720 px that was 23 rows
 * built, laid out and removed again on the way to the first screen. Too many is only work; too
 * few is fixed by the measurement in that same frame, before anything is painted.
 */
export function heightBeforeLayout(): number {
  return typeof window === 'undefined' ? 0 : Math.max(0, window.innerHeight || 0)
}

export interface RowWindow {
  /** First rendered row (inclusive) and the one after the last. */
  first: number
  end: number
  /** Heights of the spacers above and below the rendered rows. */
  top: number
  bottom: number
}

/** The rows to render for a scroll position: the visible ones plus `overscan` on either side. */
export function rowWindow(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan: number): RowWindow {
  let first = 0
  let end = Math.min(count, ROWS_BEFORE_LAYOUT)
  if (viewportHeight > 0 && rowHeight > 0) {
    // Fewer rows than before (a search) leave the browser's scroll position past the end
    // until it clamps it: the window is taken from where it will be.
    const top = Math.min(scrollTop, Math.max(0, count * rowHeight - viewportHeight))
    first = Math.max(0, Math.floor(top / rowHeight) - overscan)
    end = Math.min(count, Math.ceil((top + viewportHeight) / rowHeight) + overscan)
  }
  return { first, end, top: first * rowHeight, bottom: (count - end) * rowHeight }
}

/**
 * The scroll position that shows row `index` whole below a sticky header of `headerHeight`,
 * moving as little as possible (the position itself when the row is shown already).
 */
export function scrollTopShowing(index: number, scrollTop: number, viewportHeight: number, rowHeight: number, headerHeight: number): number {
  const top = index * rowHeight
  const bottom = top + rowHeight
  const room = viewportHeight - headerHeight
  if (top < scrollTop) return top
  if (bottom > scrollTop + room) return bottom - room
  return scrollTop
}

/** The window over a scroller's rows, following its scroll position and its height. */
export function useRowWindow(options: { scroller: Ref<HTMLElement | null>; count: () => number; rowHeight: () => number; overscan: number; headerHeight: number }) {
  const scrollTop = ref(0)
  // Measured by the observer; until then the window's height stands in for it.
  const viewportHeight = ref(heightBeforeLayout())
  let observer: ResizeObserver | null = null

  const onScroll = () => {
    scrollTop.value = options.scroller.value?.scrollTop ?? 0
  }

  onMounted(() => {
    const element = options.scroller.value
    if (!element) return
    element.addEventListener('scroll', onScroll, { passive: true })
    // Neither the scroll position (0 in a new scroller) nor the height is read from the element:
    // a read after a write (the mount's, or another observer's re-render just before this one's
    // call) lays the page out there and then. The observer hands over the height it measured.
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver((entries) => (viewportHeight.value = entries[0]?.contentRect.height ?? 0))
      observer.observe(element)
    }
  })
  onBeforeUnmount(() => {
    options.scroller.value?.removeEventListener('scroll', onScroll)
    observer?.disconnect()
  })

  // Its parts as numbers, each its own computed: scrolling within one row changes none of
  // them, so nothing is rendered again.
  const current = computed(() => rowWindow(scrollTop.value, viewportHeight.value, options.rowHeight(), options.count(), options.overscan))
  const first = computed(() => current.value.first)
  const end = computed(() => current.value.end)

  /** Scrolls just enough to show row `index` whole. */
  function scrollToIndex(index: number): void {
    const element = options.scroller.value
    if (!element) return
    const next = scrollTopShowing(index, element.scrollTop, element.clientHeight, options.rowHeight(), options.headerHeight)
    if (next !== element.scrollTop) element.scrollTop = next
    scrollTop.value = element.scrollTop
  }

  return { first, end, scrollToIndex }
}
