// Below NARROW_LAYOUT (a narrow window, or a normal one zoomed to 200 %: 1280 px is 640 CSS px)
// the sidebar would leave the view too little room, so it folds away behind a Menu button
// (App.vue) and opens over the view as a drawer. It closes on Escape and on a click beside it,
// giving the focus back to the button; choosing a view closes it too, and the view's heading
// takes the focus (useViewFocus). The one place that decides: the stylesheets follow the
// `narrow` class this sets, so script and layout never disagree.
import { nextTick, ref, watch, type Ref } from 'vue'
import { useRoute } from 'vue-router'
import { useMediaQuery } from './useMediaQuery'

export const NARROW_LAYOUT = '(max-width: 760px)'

export interface SidebarDrawer {
  readonly narrow: Ref<boolean>
  readonly open: Ref<boolean>
  /** The Menu button, given back the focus when the drawer closes. */
  readonly toggleButton: Ref<HTMLElement | null>
  toggle(): void
  /** `refocus`: give the focus back to the Menu button (Escape, a click beside the drawer). */
  close(refocus: boolean): void
}

export function useSidebarDrawer(): SidebarDrawer {
  const narrow = useMediaQuery(NARROW_LAYOUT)
  const open = ref(false)
  const toggleButton = ref<HTMLElement | null>(null)
  const route = useRoute()

  watch(narrow, (now) => {
    if (!now) open.value = false
  })
  // A move to another view (a link in the drawer, a shortcut, the palette) closes it.
  watch(
    () => route.fullPath,
    () => (open.value = false),
  )

  function close(refocus: boolean): void {
    if (!open.value) return
    open.value = false
    if (refocus) void nextTick(() => toggleButton.value?.focus())
  }

  return { narrow, open, toggleButton, toggle: () => (open.value = !open.value), close }
}
