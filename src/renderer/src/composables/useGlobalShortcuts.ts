// The app's keyboard shortcuts. Ctrl on Windows/Linux, Cmd on macOS. Esc is left to reka-ui,
// which closes the topmost dialog itself.
import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'
import { useAccountsStore } from '../stores/accounts'
import { useUiStore } from '../stores/ui'

export function isModKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
}

export function useGlobalShortcuts(): void {
  const ui = useUiStore()
  const accounts = useAccountsStore()
  const router = useRouter()

  function onKeydown(event: KeyboardEvent): void {
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
      if (!accounts.activeAccountId) return
      if (!ui.focusSearch()) {
        ui.pendingSearchFocus = true
        void router.push('/sites').catch(() => {})
      }
    } else if (key === 'n') {
      event.preventDefault()
      if (accounts.activeAccountId) ui.openNewSite()
    }
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
