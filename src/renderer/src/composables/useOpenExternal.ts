// Opens an address in the system browser (core refuses anything but http/https) and keeps
// the failure, if any, for the view to show.
import { ref } from 'vue'
import type { AppError } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'

export function useOpenExternal() {
  const api = useApi()
  const error = ref<AppError | null>(null)
  async function open(url: string): Promise<void> {
    error.value = null
    const result = await call(() => api.shellOpenExternal({ url }))
    if (!result.ok) error.value = result.error
  }
  return { open, error }
}
