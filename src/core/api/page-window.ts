// Fetches numbered pages ahead of the reader, a bounded number at once, and hands them over in
// page order. Reading a long list is bound by round trips, not by the server's work, so a few
// requests in flight cut the wait several times over; the bound keeps memory and the burst
// against the server small (the transport's concurrency limit and rate pacer still apply to
// every request). The first failure of any page fails the reader at once and aborts the rest,
// so no request is left running behind an error, a cancellation or the end of the list.
import { AppErrorException } from '../errors'
import { cancelledError } from './transport-errors'

export type FetchPage<P> = (page: number, signal: AbortSignal) => Promise<P>

export class PageWindow<P> {
  private readonly pending = new Map<number, Promise<P>>()
  private readonly inFlight = new Set<Promise<unknown>>()
  private readonly controller = new AbortController()
  private readonly signal: AbortSignal
  private readonly failed: Promise<never>
  private fail: (error: unknown) => void = () => undefined
  private nextPage = 1
  private closed = false
  private failure: { error: unknown } | undefined

  constructor(
    private readonly fetchPage: FetchPage<P>,
    /** Pages fetched but not yet taken, at most. */
    private readonly size: number,
    callerSignal?: AbortSignal,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer')
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.controller.signal]) : this.controller.signal
    this.failed = new Promise<never>((_resolve, reject) => {
      this.fail = reject
    })
    // Nobody may be waiting when a page fails; the failure still reaches the next take().
    this.failed.catch(() => undefined)
  }

  /** Starts pages after the last one started, up to `lastPage`, while the window has room. */
  fill(lastPage: number): void {
    while (!this.closed && this.failure === undefined && this.pending.size < this.size && this.nextPage <= lastPage) this.start(this.nextPage)
  }

  /**
   * Page `page`, the next in order: started now unless fill() already did. Rejects with the
   * first failure of any page in the window, not only this one's.
   */
  take(page: number): Promise<P> {
    if (this.failure !== undefined) return Promise.reject(this.failure.error)
    if (this.closed) return Promise.reject(new AppErrorException(cancelledError()))
    while (this.nextPage <= page) this.start(this.nextPage)
    const result = this.pending.get(page)
    if (result === undefined) return Promise.reject(new RangeError(`page ${page} was already taken`))
    this.pending.delete(page)
    return Promise.race([result, this.failed])
  }

  /** Aborts every page still in flight and waits until each has ended. */
  async close(): Promise<void> {
    this.closed = true
    this.controller.abort()
    this.pending.clear()
    await Promise.allSettled([...this.inFlight])
  }

  private start(page: number): void {
    this.nextPage = page + 1
    const result = this.fetchPage(page, this.signal)
    this.pending.set(page, result)
    const tracked = result.then(
      () => undefined,
      (error: unknown) => {
        // After close() every failure is the abort it caused; before it, the first one counts.
        if (this.closed || this.failure !== undefined) return
        this.failure = { error }
        this.fail(error)
        this.controller.abort()
      },
    )
    this.inFlight.add(tracked)
    void tracked.finally(() => this.inFlight.delete(tracked))
  }
}
