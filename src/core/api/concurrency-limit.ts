// At most N requests of one client in flight: a person's "load everything" must not open a
// burst of connections against their server, and the rate pacer can only count what it sees.
import { AppErrorException } from '../errors'
import { cancelledError } from './transport-errors'

interface Waiter {
  grant: () => void
}

export class ConcurrencyLimit {
  private active = 0
  private readonly queue: Waiter[] = []

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer')
  }

  /** Resolves with a release function once a slot is free; rejects as 'cancelled' on abort. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new AppErrorException(cancelledError()))
    if (this.active < this.max) {
      this.active++
      return Promise.resolve(this.releaser())
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort)
          this.active++
          resolve(this.releaser())
        },
      }
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter)
        if (index >= 0) this.queue.splice(index, 1)
        reject(new AppErrorException(cancelledError()))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.queue.push(waiter)
    })
  }

  get inFlight(): number {
    return this.active
  }

  private releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      this.active--
      this.queue.shift()?.grant()
    }
  }
}
