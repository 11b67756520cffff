// A view offers its refresh (Ctrl/Cmd+R) and search focus (Ctrl/Cmd+K) to the global
// shortcuts while it is on screen.
import { onBeforeUnmount, onMounted } from 'vue'
import { useUiStore, type ViewCommands } from '../stores/ui'

export function useViewCommands(commands: ViewCommands): void {
  const ui = useUiStore()
  onMounted(() => {
    ui.setCommands(commands)
    if (ui.pendingSearchFocus && commands.focusSearch) {
      ui.pendingSearchFocus = false
      commands.focusSearch()
    }
  })
  onBeforeUnmount(() => ui.clearCommands(commands))
}
