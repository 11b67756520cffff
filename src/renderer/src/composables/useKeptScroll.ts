// The Sites view's scroll position: kept when the view is left (a site opened), given back once
// the list it scrolled is shown again (Back), so the person lands where they were.
import { nextTick, watch, type Ref } from 'vue'
import { onBeforeRouteLeave } from 'vue-router'
import type { useSitesViewState } from './useSitesViewState'

/** `ready`: the rows are there to scroll to (the restored view's query has answered rows). */
export function useKeptScroll(host: Ref<HTMLElement | null>, view: ReturnType<typeof useSitesViewState>, ready: () => boolean): void {
  /** The element the table scrolls in (the table's nearest scrolling ancestor). */
  function scroller(): HTMLElement | null {
    let element = host.value?.querySelector('table')?.parentElement ?? null
    while (element && element !== host.value) {
      const overflow = getComputedStyle(element).overflowY
      if (overflow === 'auto' || overflow === 'scroll') return element
      element = element.parentElement
    }
    return null
  }

  onBeforeRouteLeave(() => {
    const element = scroller()
    if (element) view.rememberScroll(element.scrollTop)
  })

  let scrollRestored = false
  watch(
    ready,
    async (isReady) => {
      if (!isReady || scrollRestored) return
      scrollRestored = true
      const top = view.takeScroll()
      if (top === null || top <= 0) return
      await nextTick()
      const element = scroller()
      if (element) element.scrollTop = top
    },
    { immediate: true },
  )
}
