// App-wide UI state: the New site dialog (Ctrl/Cmd+N from anywhere), the command palette
// (Ctrl/Cmd+Shift+P) and the shortcut sheet (?), the Add account dialog the palette can open,
// whether the keys read Cmd (macOS) or Ctrl, and the commands the visible view offers to
// global shortcuts (Ctrl/Cmd+R refresh, Ctrl/Cmd+K search).
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { useAppInfoStore } from './app-info'

export interface ViewCommands {
  refresh?: () => void | Promise<void>
  focusSearch?: () => void
}

/** How many recently run palette commands are remembered (shown first with no query). */
export const RECENT_LIMIT = 5
const RECENT_KEY = 'palette.recent'

export const useUiStore = defineStore('ui', () => {
  const api = useApi()
  const newSiteOpen = ref(false)
  const paletteOpen = ref(false)
  const shortcutsOpen = ref(false)
  const addAccountOpen = ref(false)
  /** Cmd rather than Ctrl in every key label; known once core says which platform this is. */
  const mac = ref(false)
  const recentCommandIds = ref<string[]>([])
  const commands = shallowRef<ViewCommands>({})
  // Bumped when a search focus was requested before the view with the search box mounted.
  const pendingSearchFocus = ref(false)
  let recentLoaded = false

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

  async function loadPlatform(): Promise<void> {
    // The app-info store's one read of app:info, shared with the rest of the window.
    const appInfo = useAppInfoStore()
    await appInfo.load()
    if (appInfo.info) mac.value = appInfo.info.platform === 'darwin'
  }

  /** The palette's recent commands, remembered on this machine across restarts. */
  async function loadRecentCommands(): Promise<void> {
    if (recentLoaded) return
    recentLoaded = true
    const result = await call(() => api.prefsGet({ key: RECENT_KEY }))
    if (!result.ok || !Array.isArray(result.value)) return
    const stored = result.value.filter((id): id is string => typeof id === 'string')
    // A command run while the stored list was read stays in front.
    recentCommandIds.value = [...new Set([...recentCommandIds.value, ...stored])].slice(0, RECENT_LIMIT)
  }

  function noteCommandRun(id: string): void {
    recentCommandIds.value = [id, ...recentCommandIds.value.filter((other) => other !== id)].slice(0, RECENT_LIMIT)
    // Losing the list is harmless: the palette only orders by it.
    void call(() => api.prefsSet({ key: RECENT_KEY, value: recentCommandIds.value }))
  }

  return {
    newSiteOpen,
    paletteOpen,
    shortcutsOpen,
    addAccountOpen,
    mac,
    recentCommandIds,
    commands,
    pendingSearchFocus,
    openNewSite,
    setCommands,
    clearCommands,
    refresh,
    focusSearch,
    loadPlatform,
    loadRecentCommands,
    noteCommandRun,
  }
})
