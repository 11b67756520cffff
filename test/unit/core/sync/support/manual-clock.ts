// A SyncClock that moves only when the test says: intervals, delays and the backfill's pause
// run when the test advances it, never on the wall clock.
import { AppErrorException } from '../../../../../src/core/errors'
import type { SyncClock } from '../../../../../src/core/sync'

interface Timer {
  at: number
  fn: () => void
  every?: number
}

export class ManualClock implements SyncClock {
  private time = Date.UTC(2026, 0, 1, 12)
  private readonly timers = new Set<Timer>()

  now(): number {
    return this.time
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const cancelled = () => new AppErrorException({ code: 'cancelled', message: 'The request was cancelled.' })
      if (signal?.aborted) {
        reject(cancelled())
        return
      }
      const onAbort = (): void => {
        stop()
        reject(cancelled())
      }
      const stop = this.after(ms, () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      })
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  after(ms: number, fn: () => void): () => void {
    const timer: Timer = { at: this.time + ms, fn }
    this.timers.add(timer)
    return () => this.timers.delete(timer)
  }

  every(ms: number, fn: () => void): () => void {
    const timer: Timer = { at: this.time + ms, fn, every: ms }
    this.timers.add(timer)
    return () => this.timers.delete(timer)
  }

  /** Timers waiting (sleeps, delays, intervals). */
  get pending(): number {
    return this.timers.size
  }

  /** Moves the clock by ms, firing every timer that falls due on the way, in time order. */
  advance(ms: number): void {
    const target = this.time + ms
    for (;;) {
      const due = [...this.timers].filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.time = Math.max(this.time, due.at)
      if (due.every === undefined) this.timers.delete(due)
      else due.at += due.every
      due.fn()
    }
    this.time = target
  }
}
