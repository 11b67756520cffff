// Keeps a client under the server's rate limit so that 429 does not happen in the first place.
// Servers in the Laravel style send X-RateLimit-Limit and X-RateLimit-Remaining on every answer
// and count requests in a fixed window (a minute by default) that starts with the first request.
// The pacer spends the remaining budget and, when it is used up, waits until the window has
// surely reset before sending the next request. Estimates lean late, never early: a wait too
// long costs a moment, a wait too short costs a 429.
//
// With several requests in flight the server counts them in one order and answers them in
// another, so answers do not show a falling count in the order they arrive. Two facts hold
// whatever the order: the lowest Remaining answered in a window includes every request
// answered in it (they were all counted no later), and a request still unanswered may or may
// not be counted yet. So the budget is that lowest Remaining less the requests in flight.
//
// When the budget is back is what the server says: Retry-After first (it names the wait), then
// X-RateLimit-Reset; an assumed window of a minute only when neither is there. A wait longer
// than the caller may spend (the request deadline) is not slept through behind a spinner: it
// fails at once as rate_limited with the time it may go on, so the app can say so and decide.
import { AppErrorException } from '../errors'
import { parseRetryAfter } from './retry-policy'
import { budgetSpentError } from './status-errors'
import type { Timing } from './timing'
import { cancelledError } from './transport-errors'

/** Added to a reset time the server gives, for clock granularity (its seconds, our ms). */
const RESET_MARGIN_MS = 1000

export interface PacerTicket {
  seq: number
  sentAt: number
  /** Requests sent earlier and still unanswered when this one went out. */
  inFlightAtSend: number
}

interface WindowEstimate {
  limit: number
  /** The lowest Remaining answered in this window. */
  remaining: number
  /** When the server's window has surely ended. */
  endsAt: number
  /**
   * Answers to requests sent before this sequence number are not read for this window: they
   * may have been counted in the one before, whose low counts would stop the pacer for nothing.
   */
  fromSeq: number
  /**
   * Those earlier requests still in flight when the window began: each may count in it, and
   * its answer cannot tell, so each stays counted for the whole window.
   */
  carried: number
}

type HeaderValue = string | string[] | undefined

function headerInt(value: HeaderValue): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return undefined
  return Number(raw)
}

export class RatePacer {
  private nextSeq = 1
  private window: WindowEstimate | undefined
  private blockedUntil = 0
  /** Requests sent and not yet answered: each may already be counted by the server, or not. */
  private readonly unanswered = new Set<number>()
  /** beforeSend calls waiting for an answer to free the budget. */
  private readonly waiters = new Set<() => void>()

  constructor(
    private readonly timing: Timing,
    /** Length of the server's window when it does not say (Laravel's throttle: one minute). */
    private readonly windowMs = 60_000,
  ) {}

  /**
   * Waits until a request may go out without exceeding the known budget, then counts it. A wait
   * longer than maxWaitMs rejects at once with rate_limited and the wait as retryAfterMs; the
   * pacer's own margin on a reset time does not count against maxWaitMs.
   */
  async beforeSend(signal?: AbortSignal, maxWaitMs = Number.POSITIVE_INFINITY): Promise<PacerTicket> {
    for (;;) {
      const wait = this.waitNeeded(this.timing.now())
      if (wait === 'answer') await this.nextAnswer(signal)
      else if (wait > maxWaitMs + RESET_MARGIN_MS) throw new AppErrorException(budgetSpentError(wait))
      else if (wait > 0) await this.timing.sleep(wait, signal)
      else break
    }
    const seq = this.nextSeq++
    const ticket = { seq, sentAt: this.timing.now(), inFlightAtSend: this.unanswered.size }
    this.unanswered.add(seq)
    return ticket
  }

  /** The request of `ticket` ended without an answer to read (a network failure, an abort). */
  settle(ticket: PacerTicket): void {
    this.unanswered.delete(ticket.seq)
    this.wakeWaiters()
  }

  /** Reads the rate-limit headers of the answer to `ticket`'s request. */
  observe(ticket: PacerTicket, headers: Record<string, HeaderValue>): void {
    this.unanswered.delete(ticket.seq)
    try {
      this.read(ticket, headers)
    } finally {
      this.wakeWaiters()
    }
  }

  private read(ticket: PacerTicket, headers: Record<string, HeaderValue>): void {
    const limit = headerInt(headers['x-ratelimit-limit'])
    const remaining = headerInt(headers['x-ratelimit-remaining'])
    if (limit === undefined || remaining === undefined) return
    const now = this.timing.now()
    const retryAfter = parseRetryAfter(headers['retry-after'], now)
    const reset = retryAfter !== undefined ? now + retryAfter : this.resetFromHeader(headers['x-ratelimit-reset'], now)
    const current = this.window
    if (current && ticket.seq < current.fromSeq) return
    if (!current || ticket.sentAt >= current.endsAt || remaining > current.remaining + this.reorderSlack(ticket)) {
      // A new window. It began before this answer arrived, so "arrival + window" is never early.
      const earlier = current ? this.unansweredBefore(ticket.seq) : 0
      this.window = { limit, remaining, endsAt: reset ?? now + this.windowMs, fromSeq: current ? ticket.seq : 0, carried: earlier }
      return
    }
    // A higher count that reordering explains is older news: the server counted this request
    // before the one that showed the lowest count. Keeping the lowest is the safe side.
    if (remaining > current.remaining) return
    this.window = { ...current, limit, remaining, endsAt: reset ?? current.endsAt }
  }

  /** After a 429: nobody sends before the server said it is fine again. */
  blockFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.timing.now() + ms)
  }

  /**
   * How far Remaining may rise within one window when answers come in another order than the
   * server counted them: the requests counted after this one but answered before it were in
   * flight when it was sent, or were sent after it.
   */
  private reorderSlack(ticket: PacerTicket): number {
    return ticket.inFlightAtSend + (this.nextSeq - 1 - ticket.seq)
  }

  /**
   * Milliseconds to sleep before sending, 0 to send now, or 'answer': the budget is spent on
   * requests still in flight, whose answers will tell whether the server counted them yet.
   */
  private waitNeeded(now: number): number | 'answer' {
    if (this.blockedUntil > now) return this.blockedUntil - now
    const window = this.window
    if (!window) return 0
    if (now >= window.endsAt) {
      // The window has reset: a fresh budget, whose window starts no earlier than now. The
      // requests still unanswered may reach the server in its new window: they still count.
      this.window = {
        limit: window.limit,
        remaining: window.limit,
        endsAt: now + this.windowMs,
        fromSeq: this.nextSeq,
        carried: this.unanswered.size,
      }
      return this.waitNeeded(now)
    }
    const inFlight = this.unansweredFrom(window.fromSeq)
    if (window.remaining - window.carried - inFlight > 0) return 0
    return window.remaining - window.carried > 0 && inFlight > 0 ? 'answer' : window.endsAt - now
  }

  /** Resolves at the next answer or settled request; rejects as cancelled when signal aborts. */
  private nextAnswer(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new AppErrorException(cancelledError()))
        return
      }
      const onAbort = (): void => {
        this.waiters.delete(wake)
        reject(new AppErrorException(cancelledError()))
      }
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      this.waiters.add(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  private wakeWaiters(): void {
    const waiting = [...this.waiters]
    this.waiters.clear()
    for (const wake of waiting) wake()
  }

  private unansweredFrom(seq: number): number {
    let count = 0
    for (const pending of this.unanswered) if (pending >= seq) count++
    return count
  }

  private unansweredBefore(seq: number): number {
    return this.unanswered.size - this.unansweredFrom(seq)
  }

  private resetFromHeader(value: HeaderValue, now: number): number | undefined {
    const n = headerInt(value)
    if (n === undefined) return undefined
    // Epoch seconds (Laravel, GitHub) or seconds from now (IETF RateLimit drafts); a margin of
    // one second covers clock granularity.
    const at = n > 1_000_000_000 ? n * 1000 + RESET_MARGIN_MS : now + n * 1000 + RESET_MARGIN_MS
    // A server clock far off from ours makes the header useless; fall back to the estimate.
    return at > now && at <= now + 10 * this.windowMs ? at : undefined
  }
}
