// Keeps the page painted in the chosen theme for as long as the window is open: the stored
// setting once core answers (main.ts painted the cached one before that), a new pick at once,
// and, for 'system', every change of the system's scheme while the app is open.
import { onScopeDispose, watch } from 'vue'
import { applyTheme, cacheTheme, onSystemThemeChange } from '../lib/theme'
import { useSettingsStore } from '../stores/settings'

export function useTheme(): void {
  const settings = useSettingsStore()
  if (settings.status === 'idle') void settings.load()

  watch(
    () => settings.theme,
    (theme) => {
      applyTheme(theme)
      cacheTheme(theme)
    },
    { immediate: true },
  )

  onScopeDispose(
    onSystemThemeChange(() => {
      if (settings.theme === 'system') applyTheme('system')
    }),
  )
}
