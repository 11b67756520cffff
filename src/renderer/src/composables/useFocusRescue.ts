// When the control that had the focus disappears (the row deleted from its own menu, the
// dialog's opener gone by the time it closes), the browser leaves the focus on the page itself
// and the next Tab starts from the top of the window. This puts it on the view's heading
// instead. Dialogs and menus give the focus back to their opener themselves, in a task of their
// own: this waits for that and acts only when nothing took the focus.
import { onBeforeUnmount, onMounted } from 'vue'
import { dialogHoldsFocus, focusIsLost, focusStart } from '../lib/view-focus'

/** `target`: where lost focus goes (the view's heading, else its region). */
export function useFocusRescue(target: () => HTMLElement | null): void {
  let lastFocused: Element | null = null
  let pending: ReturnType<typeof setTimeout> | null = null

  function onFocusIn(event: FocusEvent): void {
    if (event.target instanceof Element) lastFocused = event.target
  }

  function check(): void {
    pending = null
    if (!focusIsLost() || dialogHoldsFocus()) return
    // Focus left for the page by a click on nothing, or the window losing it: not lost.
    if (lastFocused === null || lastFocused.isConnected) return
    const element = target()
    if (element) focusStart(element)
  }

  const observer = new MutationObserver(() => {
    if (pending !== null || lastFocused === null || lastFocused.isConnected) return
    pending = setTimeout(check, 0)
  })

  onMounted(() => {
    document.addEventListener('focusin', onFocusIn)
    observer.observe(document.body, { childList: true, subtree: true })
  })
  onBeforeUnmount(() => {
    document.removeEventListener('focusin', onFocusIn)
    observer.disconnect()
    if (pending !== null) clearTimeout(pending)
  })
}
