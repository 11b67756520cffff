// Time as the client sees it. Injected so tests can run retries, Retry-After waits and rate
// pacing instantly and check the waits that were asked for instead of measuring wall time.
import { AppErrorException } from '../errors'
import { cancelledError } from './transport-errors'

export interface Timing {
  /** Milliseconds since the epoch. */
  now(): number
  /** Waits ms; rejects with a 'cancelled' AppErrorException when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** A number in [0, 1), for backoff jitter. */
  random(): number
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AppErrorException(cancelledError())
}

export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AppErrorException(cancelledError()))
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new AppErrorException(cancelledError()))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, Math.max(0, ms))
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export const realTiming: Timing = {
  now: () => Date.now(),
  sleep: realSleep,
  random: () => Math.random(),
}
