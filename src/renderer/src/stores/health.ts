// Health settings (core/health): how often sites are checked, what is slow, how early an
// expiry warns, which transitions notify, and checks on or off per account and per site with
// the text a site's page must contain. Read from core and saved through it; core checks every
// value again (its schema says why a value is refused), the checks here only word the problem
// before a round trip.
import { defineStore } from 'pinia'
import type { Result } from '../../../shared'
import { HEALTH_SETTING_BOUNDS, type HealthSettings, type HealthSettingsPatch } from '../../../shared/health'
import { useApi } from '../lib/api'
import { wholeNumberProblem, type WholeNumberRule } from '../lib/whole-number'
import { loadable } from './loadable'

type BoundKey = 'intervalMinutes' | 'slowThresholdMs' | 'warningDays' | 'concurrency'

const UNITS: Readonly<Record<BoundKey, { unit: string; example: number }>> = {
  intervalMinutes: { unit: 'minutes', example: 5 },
  slowThresholdMs: { unit: 'milliseconds', example: 3000 },
  warningDays: { unit: 'days', example: 14 },
  concurrency: { unit: 'checks', example: 16 },
}

/** The rule of a numeric health setting: a whole number within its bounds. */
export function healthValueRule(key: BoundKey): WholeNumberRule {
  const { min, max } = HEALTH_SETTING_BOUNDS[key]
  return { min, max, ...UNITS[key] }
}

/** The problem with a typed health setting, or null when it is a whole number within its bounds. */
export function healthValueProblem(key: BoundKey, text: string): string | null {
  return wholeNumberProblem(text, healthValueRule(key))
}

/** The problem with a site's look-for text, or null. */
export function lookForProblem(text: string): string | null {
  const max = HEALTH_SETTING_BOUNDS.lookForMaxLength
  if (text.length > max) return `Keep the text to ${max} characters or fewer (it has ${text.length}).`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) return 'The text cannot hold line breaks or other control characters.'
  return null
}

export const useHealthStore = defineStore('health', () => {
  const api = useApi()
  const { value: settings, status, error, load, save: saveWith } = loadable(() => api.healthSettings())

  /** Saves a change; the settings shown are core's answer (what the next start will use). */
  function save(patch: HealthSettingsPatch): Promise<Result<HealthSettings>> {
    return saveWith(() => api.healthSetSettings(patch))
  }

  return { settings, status, error, load, save }
})
