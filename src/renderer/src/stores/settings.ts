// The app's settings (how often each account syncs), read from core and saved through it.
// Core validates again; the check here only spares a round trip and words the problem.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppError, AppSettings, Result } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import type { LoadStatus } from './accounts'

export const MIN_INTERVAL = 1
export const MAX_INTERVAL = 1440

/** The problem with a typed interval, or null when it is a whole number of minutes in range. */
export function intervalProblem(text: string): string | null {
  const value = text.trim()
  if (value === '') return 'Enter how many minutes to wait between syncs.'
  if (!/^\d+$/.test(value)) return 'Enter a whole number of minutes, like 5.'
  const minutes = Number(value)
  if (minutes < MIN_INTERVAL || minutes > MAX_INTERVAL) {
    return `Enter a number of minutes from ${MIN_INTERVAL} to ${MAX_INTERVAL} (one day).`
  }
  return null
}

export const useSettingsStore = defineStore('settings', () => {
  const api = useApi()
  const settings = ref<AppSettings | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<AppError | null>(null)

  async function load(): Promise<void> {
    status.value = 'loading'
    const result = await call(() => api.settingsGet())
    if (result.ok) {
      settings.value = result.value
      error.value = null
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  async function save(change: Partial<AppSettings>): Promise<Result<AppSettings>> {
    const result = await call(() => api.settingsSet(change))
    if (result.ok) settings.value = result.value
    return result
  }

  return { settings, status, error, load, save }
})
