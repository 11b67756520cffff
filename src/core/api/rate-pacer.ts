// Keeps a client under the server's rate limit so that 429 does not happen in the first place.
// Servers in the Laravel style send X-RateLimit-Limit and X-RateLimit-Remaining on every answer
// and count requests in a fixed window (a minute by default) that starts with the first request.
// The pacer spends the remaining budget and, when it is used up, waits until the window has
// surely reset before sending the next request. Estimates lean late, never early: a wait too
// long costs a moment, a wait too short costs a 429.
import type { Timing } from './timing'

export interface PacerTicket {
  seq: number
  sentAt: number
}

interface Observation {
  /** Sequence number of the request whose answer this is. */
  seq: number
  limit: number
  remaining: number
  /** When the server's current window has surely ended. */
  windowEndsAt: number
  /**
   * Requests sent before this one and unanswered when its answer came: the server may count
   * them after it (several in flight arrive in any order), so `remaining` may not show them.
   */
  pendingBefore: number
}

type HeaderValue = string | string[] | undefined

function headerInt(value: HeaderValue): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined || !/^\s*\d+\s*$/.test(raw)) return undefined
  return Number(raw)
}

export class RatePacer {
  private nextSeq = 1
  private observation: Observation | undefined
  private blockedUntil = 0
  /** Requests sent and not yet answered (see Observation.pendingBefore). */
  private readonly unanswered = new Set<number>()

  constructor(
    private readonly timing: Timing,
    /** Length of the server's window when it does not say (Laravel's throttle: one minute). */
    private readonly windowMs = 60_000,
  ) {}

  /** Waits until a request may go out without exceeding the known budget, then counts it. */
  async beforeSend(signal?: AbortSignal): Promise<PacerTicket> {
    for (;;) {
      const wait = this.waitNeeded(this.timing.now())
      if (wait <= 0) break
      await this.timing.sleep(wait, signal)
    }
    const seq = this.nextSeq++
    this.unanswered.add(seq)
    return { seq, sentAt: this.timing.now() }
  }

  /** The request of `ticket` ended without an answer to read (a network failure, an abort). */
  settle(ticket: PacerTicket): void {
    this.unanswered.delete(ticket.seq)
  }

  /** Reads the rate-limit headers of the answer to `ticket`'s request. */
  observe(ticket: PacerTicket, headers: Record<string, HeaderValue>): void {
    this.unanswered.delete(ticket.seq)
    const limit = headerInt(headers['x-ratelimit-limit'])
    const remaining = headerInt(headers['x-ratelimit-remaining'])
    if (limit === undefined || remaining === undefined) return
    const previous = this.observation
    // Answers may arrive out of order; an older answer knows less than the one already seen,
    // and one sent before the window was taken as reset (waitNeeded) belongs to the old window.
    if (previous && ticket.seq <= previous.seq) return
    const now = this.timing.now()
    const reset = this.resetFromHeader(headers['x-ratelimit-reset'], now)
    const newWindow =
      !previous ||
      ticket.sentAt >= previous.windowEndsAt ||
      remaining > previous.remaining - (ticket.seq - previous.seq)
    // The window began before this answer arrived, so "arrival + window" is never too early.
    const windowEndsAt = reset ?? (newWindow || !previous ? now + this.windowMs : previous.windowEndsAt)
    this.observation = { seq: ticket.seq, limit, remaining, windowEndsAt, pendingBefore: this.pendingBefore(ticket.seq) }
  }

  /** After a 429: nobody sends before the server said it is fine again. */
  blockFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.timing.now() + ms)
  }

  private waitNeeded(now: number): number {
    if (this.blockedUntil > now) return this.blockedUntil - now
    const obs = this.observation
    if (!obs) return 0
    if (now >= obs.windowEndsAt) {
      // The window has reset: a fresh budget, whose window starts no earlier than now.
      // Requests still unanswered may reach the server in its new window.
      const seq = this.nextSeq - 1
      this.observation = { seq, limit: obs.limit, remaining: obs.limit, windowEndsAt: now + this.windowMs, pendingBefore: this.pendingBefore(seq + 1) }
      return this.waitNeeded(now)
    }
    const notCounted = this.nextSeq - 1 - obs.seq + obs.pendingBefore
    return obs.remaining - notCounted > 0 ? 0 : obs.windowEndsAt - now
  }

  private pendingBefore(seq: number): number {
    let count = 0
    for (const pending of this.unanswered) if (pending < seq) count++
    return count
  }

  private resetFromHeader(value: HeaderValue, now: number): number | undefined {
    const n = headerInt(value)
    if (n === undefined) return undefined
    // Epoch seconds (Laravel, GitHub) or seconds from now (IETF RateLimit drafts); a margin of
    // one second covers clock granularity.
    const at = n > 1_000_000_000 ? n * 1000 + 1000 : now + n * 1000 + 1000
    // A server clock far off from ours makes the header useless; fall back to the estimate.
    return at > now && at <= now + 10 * this.windowMs ? at : undefined
  }
}
