// Applying the colour theme to the page. The stylesheet (styles/tokens.css) reads
// html[data-theme] and the root's color-scheme; this sets both to the resolved theme, and
// keeps the last choice in localStorage so the next start paints in it before core answers.
import { THEME_CACHE_KEY, THEME_PREFERENCES, type ThemePreference } from '../../../shared'

export type ResolvedTheme = 'light' | 'dark'

const CACHE_KEY = THEME_CACHE_KEY
const DARK_QUERY = '(prefers-color-scheme: dark)'

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value)
}

/** The system's scheme; light where the browser cannot say (jsdom, very old engines). */
export function systemTheme(): ResolvedTheme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  return preference === 'system' ? systemTheme() : preference
}

/** Paints the page in the preference's theme now. */
export function applyTheme(preference: ThemePreference): ResolvedTheme {
  const resolved = resolveTheme(preference)
  const root = document.documentElement
  root.dataset.theme = resolved
  // Also as a property: form controls and scrollbars follow it even before the stylesheet.
  root.style.colorScheme = resolved
  return resolved
}

/** The preference the last run saved here, or 'system' when there is none (or it is unreadable). */
export function cachedTheme(): ThemePreference {
  try {
    const value = window.localStorage.getItem(CACHE_KEY)
    return isThemePreference(value) ? value : 'system'
  } catch {
    // Storage can be disabled; the stored setting still applies once core answers.
    return 'system'
  }
}

export function cacheTheme(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(CACHE_KEY, preference)
  } catch {
    // Only a faster first paint is lost.
  }
}

/** Calls back when the system's scheme changes; returns the unsubscribe. */
export function onSystemThemeChange(callback: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', callback)
  return () => query.removeEventListener('change', callback)
}
