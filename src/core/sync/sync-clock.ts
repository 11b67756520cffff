// Time as the sync engine sees it: the interval, the short delays (events soon, progress
// pushes) and the backfill's pause while the person works. Injected so tests run them at once
// with a clock they move by hand, instead of waiting on the wall clock.
import { realSleep } from '../api/timing'

export interface SyncClock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Waits ms; rejects with a 'cancelled' AppErrorException when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** Calls fn once after ms; answers a function that cancels it. */
  after(ms: number, fn: () => void): () => void
  /** Calls fn every ms; answers a function that stops it. */
  every(ms: number, fn: () => void): () => void
}

export const realSyncClock: SyncClock = {
  now: () => Date.now(),
  sleep: realSleep,
  after(ms, fn) {
    const timer = setTimeout(fn, ms)
    return () => clearTimeout(timer)
  },
  every(ms, fn) {
    const timer = setInterval(fn, ms)
    // The app's life does not hang on a sync timer: dispose() stops it, and a process that
    // forgot to dispose can still exit.
    timer.unref()
    return () => clearInterval(timer)
  },
}
