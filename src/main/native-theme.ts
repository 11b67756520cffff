// The desktop app's native parts (menus, the title bar, dialogs) follow the theme chosen in
// the app's Settings, not only the system's: Electron's nativeTheme.themeSource takes the
// same three values. It also makes the window's prefers-color-scheme agree with the choice.
import { nativeTheme } from 'electron'
import { THEME_PREFERENCES, type ChannelHandlers, type Result, type AppSettings } from '../shared'

function themeOf(result: Result<AppSettings>): AppSettings['theme'] | null {
  if (!result.ok) return null
  const theme: unknown = result.value?.theme
  return (THEME_PREFERENCES as readonly unknown[]).includes(theme) ? (theme as AppSettings['theme']) : null
}

/** Applies the stored theme (read at once), and each theme saved through settings:set from then on. */
export function followAppTheme(handlers: ChannelHandlers): ChannelHandlers {
  const apply = (result: Result<AppSettings>) => {
    const theme = themeOf(result)
    if (theme) nativeTheme.themeSource = theme
  }
  void handlers['settings:get'](undefined).then(apply)
  const save = handlers['settings:set']
  return {
    ...handlers,
    'settings:set': async (patch) => {
      const result = await save(patch)
      apply(result)
      return result
    },
  }
}
