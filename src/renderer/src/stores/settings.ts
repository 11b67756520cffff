// The app's settings (how often each account syncs, the colour theme), read from core and
// saved through it. Core validates again; the check here only spares a round trip and words
// the problem.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppSettings, Result, ThemePreference } from '../../../shared'
import { useApi } from '../lib/api'
import { cachedTheme } from '../lib/theme'
import { wholeNumberProblem, type WholeNumberRule } from '../lib/whole-number'
import { loadable } from './loadable'

export const MIN_INTERVAL = 1
export const MAX_INTERVAL = 1440

export const INTERVAL_RULE: WholeNumberRule = {
  min: MIN_INTERVAL,
  max: MAX_INTERVAL,
  unit: 'minutes',
  example: 5,
  empty: 'Enter how many minutes to wait between syncs.',
  range: `${MIN_INTERVAL} to ${MAX_INTERVAL} (one day)`,
}

/** The problem with a typed interval, or null when it is a whole number of minutes in range. */
export function intervalProblem(text: string): string | null {
  return wholeNumberProblem(text, INTERVAL_RULE)
}

export const useSettingsStore = defineStore('settings', () => {
  const api = useApi()
  const { value: settings, status, error, load, save: saveWith } = loadable(() => api.settingsGet())
  /**
   * The theme shown: the person's latest pick at once (before core has saved it), else the
   * stored setting, else what this machine used last time (read before core answers).
   */
  const pickedTheme = ref<ThemePreference | null>(null)
  const theme = computed<ThemePreference>(() => pickedTheme.value ?? settings.value?.theme ?? cachedTheme())

  /** Saves a change; the settings shown are core's answer. */
  function save(change: Partial<AppSettings>): Promise<Result<AppSettings>> {
    return saveWith(() => api.settingsSet(change))
  }

  /**
   * Applies the theme at once and saves it. A failed save puts the previous choice back, so
   * what is on screen is always what the next start will show.
   */
  async function setTheme(next: ThemePreference): Promise<Result<AppSettings>> {
    pickedTheme.value = next
    const result = await save({ theme: next })
    // A later pick made meanwhile stays; otherwise the saved (or, on failure, the previous) one.
    if (pickedTheme.value === next) pickedTheme.value = null
    return result
  }

  return { settings, status, error, pickedTheme, theme, load, save, setTheme }
})
