// One value a store reads from core, with where that read stands: 'idle' before the first
// load, 'loading', 'ready' (the value is core's answer) or 'error' (the value read before, if
// any, stays shown beside the error), and the saves whose answer replaces it. The settings and
// health settings stores are each one.
import { ref, type Ref } from 'vue'
import type { AppError, Result } from '../../../shared'
import { call } from '../lib/call'
import type { LoadStatus } from './accounts'

export function loadable<T>(read: () => Promise<Result<T>>) {
  const value = ref(null) as Ref<T | null>
  const status = ref<LoadStatus>('idle')
  const error = ref<AppError | null>(null)

  async function load(): Promise<void> {
    status.value = 'loading'
    const result = await call(read)
    if (result.ok) {
      value.value = result.value
      error.value = null
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  /** Sends a change; core's answer (what the next start will use) becomes the value. */
  async function save(request: () => Promise<Result<T>>): Promise<Result<T>> {
    const result = await call(request)
    if (result.ok) value.value = result.value
    return result
  }

  return { value, status, error, load, save }
}
