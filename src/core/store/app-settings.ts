// Checks of the app's settings. The store keeps one row per setting, so a stored value is read
// back through the same check: a value a future or broken build wrote falls back to the default
// instead of reaching the sync engine.
import { HISTORY_RETENTION_DAYS, THEME_PREFERENCES, type AppSettings } from '../../shared'
import { appError } from '../errors'
import { DEFAULT_SETTINGS } from './workspace-store'

type SettingKey = keyof AppSettings

const CHECKS: { [K in SettingKey]: (value: unknown) => string | null } = {
  syncIntervalMinutes: (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1440
      ? null
      : 'must be a whole number of minutes from 1 to 1440',
  theme: (value) =>
    typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value)
      ? null
      : `must be one of ${THEME_PREFERENCES.join(', ')}`,
  notifyOn: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must name newUpdateEvents, pendingRose and notChecked'
    const keys = Object.keys(value).sort().join(',')
    if (keys !== 'newUpdateEvents,notChecked,pendingRose') return 'must name exactly newUpdateEvents, pendingRose and notChecked'
    return Object.values(value).every((on) => typeof on === 'boolean') ? null : 'must give true or false for each cause'
  },
  historyRetentionDays: (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= HISTORY_RETENTION_DAYS.min && value <= HISTORY_RETENTION_DAYS.max
      ? null
      : `must be a whole number of days from ${HISTORY_RETENTION_DAYS.min} to ${HISTORY_RETENTION_DAYS.max}`,
}

export const SETTING_KEYS = Object.keys(CHECKS) as SettingKey[]

/** The patch's defined values, checked; throws invalid_input naming every wrong field. */
export function checkSettingsPatch(patch: Partial<AppSettings>): Partial<AppSettings> {
  const fields: Record<string, string[]> = {}
  const checked: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === undefined) continue
    const check = (CHECKS as Record<string, ((value: unknown) => string | null) | undefined>)[key]
    const problem = check === undefined ? 'is not a setting' : check(value)
    if (problem === null) checked[key] = value
    else fields[key] = [problem]
  }
  if (Object.keys(fields).length > 0) {
    const summary = Object.entries(fields)
      .map(([key, [problem]]) => `${key} ${problem}`)
      .join('; ')
    throw appError({ code: 'invalid_input', message: `The settings were not changed: ${summary}.`, fields })
  }
  return checked as Partial<AppSettings>
}

/** The defaults, overlaid with each stored value that passes its check. */
export function settingsFromStored(stored: ReadonlyMap<string, unknown>): AppSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const key of SETTING_KEYS) {
    const value = stored.get(key)
    if (value !== undefined && CHECKS[key](value) === null) settings[key] = value
  }
  return settings as unknown as AppSettings
}
