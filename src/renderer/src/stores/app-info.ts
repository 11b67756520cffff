// What core says about the app (app:info: its name, version, shell and platform), read once and
// kept: it does not change while the app runs.
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { AppError, AppInfo } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

export const useAppInfoStore = defineStore('app-info', () => {
  const api = useApi()
  const info = shallowRef<AppInfo | null>(null)
  const error = shallowRef<AppError | null>(null)

  /** Reads app:info unless it was read already; a failure is kept in `error` and may be tried again. */
  async function load(): Promise<void> {
    if (info.value !== null) return
    error.value = null
    const result = await call(() => api.appInfo())
    if (result.ok) info.value = result.value
    else error.value = result.error
  }

  return { info, error, load }
})
