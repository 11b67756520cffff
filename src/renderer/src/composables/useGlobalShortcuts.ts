// The app's keyboard shortcuts: the keys of shared/keybindings.ts run their commands from the
// registry (stores/commands), as the palette and the desktop menu do. Ctrl on Windows/Linux,
// Cmd on macOS. Esc is left to reka-ui, which closes the topmost dialog itself.
import { onBeforeUnmount, onMounted } from 'vue'
import type { Router } from 'vue-router'
import { pageBindingFor } from '../../../shared/keybindings'
import { useCommandsStore } from '../stores/commands'
import { useUiStore } from '../stores/ui'

export function isModKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
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
  const commands = useCommandsStore()

  /** Runs the command the keys name, as the palette would; one not there or not enabled does nothing. */
  function run(id: string): void {
    const command = commands.all.find((c) => c.id === id)
    if (command && command.enabled !== false) void command.run()
  }

  // The one dispatcher of the page's keys (shared/keybindings.ts); the Sites table handles its own.
  function onKeydown(event: KeyboardEvent): void {
    const binding = pageBindingFor(event)
    if (!binding) return
    const { command } = binding
    if (command === 'app.palette') {
      event.preventDefault()
      // Pressed again inside the palette it closes it, like the editors people know it from.
      if (ui.paletteOpen || !dialogOpen()) run(command)
      return
    }
    if (command === 'help.shortcuts') {
      // A typed "?" is text where text goes.
      if (isTypingTarget(event.target) || dialogOpen()) return
      event.preventDefault()
      run(command)
      return
    }
    // Always swallow Ctrl+R: a reload of the window would throw away the app's state.
    if (command === 'view.refresh') event.preventDefault()
    // An open dialog owns the keyboard: the shortcuts must not act on the view behind it.
    if (dialogOpen()) return
    event.preventDefault()
    run(command)
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
