// What core says about the app (app:info: its name, version, shell and platform), read once and
// kept: it does not change while the app runs. Several parts of the window want it as it opens
// (the web shell's tab title, the version, Cmd or Ctrl in key labels): they share one read.
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { AppError, AppInfo } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

export const useAppInfoStore = defineStore('app-info', () => {
  const api = useApi()
  const info = shallowRef<AppInfo | null>(null)
  const error = shallowRef<AppError | null>(null)

  let reading: Promise<void> | null = null

  /** Reads app:info unless it was read already (or joins the read under way); a failure is kept in `error` and may be tried again. */
  function load(): Promise<void> {
    if (info.value !== null) return Promise.resolve()
    reading ??= read().finally(() => (reading = null))
    return reading
  }

  async function read(): Promise<void> {
    error.value = null
    const result = await call(() => api.appInfo())
    if (result.ok) info.value = result.value
    else error.value = result.error
  }

  return { info, error, load }
})
