// A push that is sent at once at a run's edges (its start and end) and at most once per
// interval between them: 50,000 deletes are 50,000 changes, and the window only needs to see
// where the run is a few times a second, not every step, over a socket it shares with the rest.
// What is sent is read when it is sent, so a trailing push carries the latest state.

export interface PushClock {
  now: () => number
  setTimer: (run: () => void, ms: number) => unknown
  clearTimer: (timer: unknown) => void
}

const REAL_CLOCK: PushClock = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}

/** At most ten pushes a second between a run's edges. */
export const PUSH_INTERVAL_MS = 100

export class ThrottledPush {
  private last = Number.NEGATIVE_INFINITY
  private timer: unknown = null

  constructor(
    private readonly send: () => void,
    private readonly intervalMs = PUSH_INTERVAL_MS,
    private readonly clock: PushClock = REAL_CLOCK,
  ) {}

  /** A start or an end: sent now, and any push waiting is dropped (this one says more). */
  edge(): void {
    this.cancel()
    this.sendNow()
  }

  /** A step: sent now when the last push is an interval old, else once when it is. */
  change(): void {
    if (this.timer !== null) return
    const wait = this.last + this.intervalMs - this.clock.now()
    if (wait <= 0) {
      this.sendNow()
      return
    }
    this.timer = this.clock.setTimer(() => {
      this.timer = null
      this.sendNow()
    }, wait)
  }

  /** Drops the push waiting, if any. */
  cancel(): void {
    if (this.timer === null) return
    this.clock.clearTimer(this.timer)
    this.timer = null
  }

  private sendNow(): void {
    this.last = this.clock.now()
    this.send()
  }
}
