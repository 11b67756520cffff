// App-wide UI state: the New site dialog (Ctrl/Cmd+N from anywhere) and the commands the
// visible view offers to global shortcuts (Ctrl/Cmd+R refresh, Ctrl/Cmd+K search).
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'

export interface ViewCommands {
  refresh?: () => void | Promise<void>
  focusSearch?: () => void
}

export const useUiStore = defineStore('ui', () => {
  const newSiteOpen = ref(false)
  const commands = shallowRef<ViewCommands>({})
  // Bumped when a search focus was requested before the view with the search box mounted.
  const pendingSearchFocus = ref(false)

  function openNewSite(): void {
    newSiteOpen.value = true
  }

  function setCommands(next: ViewCommands): void {
    commands.value = next
  }

  function clearCommands(owner: ViewCommands): void {
    if (commands.value === owner) commands.value = {}
  }

  async function refresh(): Promise<void> {
    await commands.value.refresh?.()
  }

  /** Focuses the visible view's search; returns false when the view has none. */
  function focusSearch(): boolean {
    const focus = commands.value.focusSearch
    if (!focus) return false
    focus()
    return true
  }

  return {
    newSiteOpen,
    commands,
    pendingSearchFocus,
    openNewSite,
    setCommands,
    clearCommands,
    refresh,
    focusSearch,
  }
})
