// The app's keyboard shortcuts. Ctrl on Windows/Linux, Cmd on macOS. Esc is left to reka-ui,
// which closes the topmost dialog itself.
import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter, type Router } from 'vue-router'
import { useAccountsStore } from '../stores/accounts'
import { useUiStore } from '../stores/ui'

export function isModKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}

function isPaletteKey(event: KeyboardEvent): boolean {
  if (event.key === 'F1' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey) return true
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'p'
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
}

/** Where a typed "?" is text: inputs, text areas, editable content, and the like. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type)
  }
  return target.closest('[contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]') !== null
}

/**
 * Focuses the visible view's search, or opens Sites and focuses its search once it is on
 * screen (a view without a search box has nothing to focus).
 */
export function focusSearchAnywhere(ui: ReturnType<typeof useUiStore>, router: Router): void {
  if (ui.focusSearch()) return
  ui.pendingSearchFocus = true
  void router.push('/sites').catch(() => {})
}

export function useGlobalShortcuts(): void {
  const ui = useUiStore()
  const accounts = useAccountsStore()
  const router = useRouter()

  function onKeydown(event: KeyboardEvent): void {
    if (isPaletteKey(event)) {
      event.preventDefault()
      // Pressed again inside the palette it closes it, like the editors people know it from.
      if (ui.paletteOpen) ui.paletteOpen = false
      else if (!dialogOpen()) ui.paletteOpen = true
      return
    }
    if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (isTypingTarget(event.target) || dialogOpen()) return
      event.preventDefault()
      ui.shortcutsOpen = true
      return
    }
    if (!isModKey(event)) return
    const key = event.key.toLowerCase()
    // Always swallow Ctrl+R: a reload of the window would throw away the app's state.
    if (key === 'r') event.preventDefault()
    // An open dialog owns the keyboard: the shortcuts must not act on the view behind it.
    if (dialogOpen()) return
    if (key === 'r') {
      void ui.refresh()
    } else if (key === 'k') {
      event.preventDefault()
      if (accounts.activeAccountId) focusSearchAnywhere(ui, router)
    } else if (key === 'n') {
      event.preventDefault()
      if (accounts.activeAccountId) ui.openNewSite()
    }
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
