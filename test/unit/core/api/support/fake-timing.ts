// A clock that only moves when the client sleeps: retries, Retry-After and rate pacing run
// instantly, and the tests check the waits that were asked for instead of measuring time.
import { AppErrorException } from '../../../../../src/core/errors'
import type { Timing } from '../../../../../src/core/api'

export interface FakeTiming extends Timing {
  /** Every wait the client asked for, in order. */
  readonly sleeps: number[]
  advance(ms: number): void
}

export function fakeTiming(options: { start?: number; random?: () => number; onSleep?: (ms: number) => void } = {}): FakeTiming {
  let clock = options.start ?? Date.UTC(2026, 0, 1)
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => clock,
    random: options.random ?? (() => 0.5),
    advance(ms) {
      clock += ms
    },
    async sleep(ms, signal) {
      if (signal?.aborted) throw new AppErrorException({ code: 'cancelled', message: 'The request was cancelled.' })
      sleeps.push(ms)
      options.onSleep?.(ms)
      clock += ms
    },
  }
}
