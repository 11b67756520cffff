// Calls fn at most once per interval: the first call at once, later ones gathered into one
// call at the end of the interval. For pushes that would otherwise go out once per page.
import type { SyncClock } from './sync-clock'

export class Throttle {
  private lastAt = Number.NEGATIVE_INFINITY
  private cancelPending: (() => void) | null = null

  constructor(
    private readonly clock: SyncClock,
    private readonly intervalMs: number,
    private readonly fn: () => void,
  ) {}

  call(): void {
    if (this.cancelPending) return
    const wait = this.lastAt + this.intervalMs - this.clock.now()
    if (wait <= 0) {
      this.run()
      return
    }
    this.cancelPending = this.clock.after(wait, () => this.run())
  }

  /** Runs a pending call now. */
  flush(): void {
    if (this.cancelPending) this.run()
  }

  cancel(): void {
    this.cancelPending?.()
    this.cancelPending = null
  }

  private run(): void {
    this.cancel()
    this.lastAt = this.clock.now()
    this.fn()
  }
}
