// After a move to another view, the keyboard focus goes to the new view's heading and a
// polite live region says the view's name: a screen reader hears where it landed, and the next
// Tab starts at the top of the view instead of in the sidebar link or on the page itself.
// A change of the same view's address (the Sites filters, the sort) is not a move: the focus
// stays in the field the person is typing in.
import { onBeforeUnmount, ref, type Ref } from 'vue'
import { START_LOCATION, useRouter, type RouteLocationNormalized } from 'vue-router'
import { dialogHoldsFocus, focusIsLost, focusStart, whenHeading } from '../lib/view-focus'

/** How long a view may take to draw its heading (a site page waits for its site). */
const HEADING_WAIT_MS = 3000

function sameView(to: RouteLocationNormalized, from: RouteLocationNormalized): boolean {
  return to.name === from.name && JSON.stringify(to.params) === JSON.stringify(from.params)
}

/**
 * `host` is where the views are shown; `fallback` takes the focus when a view draws no heading
 * in time. Returns the live region's text.
 */
export function useViewFocus(host: () => HTMLElement | null, fallback: () => HTMLElement | null): { announcement: Ref<string> } {
  const router = useRouter()
  const announcement = ref('')
  let latest = 0

  /**
   * The person (or a command) already put the focus somewhere: in the new view, in a dialog, or
   * anywhere else since the move began (a saved view in the sidebar reached by Tab while this
   * view was still drawing is where the next Enter must land).
   */
  function focusPlacedInView(startedOn: Element | null): boolean {
    if (dialogHoldsFocus()) return true
    if (focusIsLost()) return false
    if (document.activeElement !== startedOn) return true
    return host()?.contains(document.activeElement) === true
  }

  /** `focusedAtMove`: where the focus was as the move happened; undefined when a dialog held it then. */
  async function settle(name: string, focusedAtMove: Element | null | undefined): Promise<void> {
    const mine = ++latest
    // A macrotask, not only a render: a closing dialog or palette gives the focus back to where
    // it was opened from in a task of its own, and that must not land after this.
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Without a dialog the move began where the focus was at the move itself: a focus placed
    // before this task ran (a saved view focused at once) is the person's, not the start.
    const startedOn = focusedAtMove === undefined ? document.activeElement : focusedAtMove
    const heading = await whenHeading(host, HEADING_WAIT_MS, () => mine !== latest)
    if (mine !== latest) return
    const target = heading ?? fallback()
    if (target && !focusPlacedInView(startedOn)) focusStart(target)
    // Emptied first, so the same name said twice in a row (site to site) is still announced.
    announcement.value = ''
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (mine === latest) announcement.value = heading?.textContent?.trim() || name
  }

  const remove = router.afterEach((to, from, failure) => {
    if (failure || from === START_LOCATION || sameView(to, from)) return
    // A dialog or palette still open, or a focus it has let go of and not given back yet: where
    // the move began is read once it has (settle's first task).
    void settle(typeof to.name === 'string' ? to.name : to.path, dialogHoldsFocus() || focusIsLost() ? undefined : document.activeElement)
  })
  onBeforeUnmount(() => {
    latest++
    remove()
  })

  return { announcement }
}
