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
    return { seq: this.nextSeq++, sentAt: this.timing.now() }
  }

  /** Reads the rate-limit headers of the answer to `ticket`'s request. */
  observe(ticket: PacerTicket, headers: Record<string, HeaderValue>): void {
    const limit = headerInt(headers['x-ratelimit-limit'])
    const remaining = headerInt(headers['x-ratelimit-remaining'])
    if (limit === undefined || remaining === undefined) return
    const previous = this.observation
    // Answers may arrive out of order; an older answer knows less than the one already seen.
    if (previous && ticket.seq < previous.seq) return
    const now = this.timing.now()
    const reset = this.resetFromHeader(headers['x-ratelimit-reset'], now)
    const newWindow =
      !previous ||
      ticket.sentAt >= previous.windowEndsAt ||
      remaining > previous.remaining - (ticket.seq - previous.seq)
    // The window began before this answer arrived, so "arrival + window" is never too early.
    const windowEndsAt = reset ?? (newWindow || !previous ? now + this.windowMs : previous.windowEndsAt)
    this.observation = { seq: ticket.seq, limit, remaining, windowEndsAt }
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
      this.observation = { seq: this.nextSeq - 1, limit: obs.limit, remaining: obs.limit, windowEndsAt: now + this.windowMs }
      return this.waitNeeded(now)
    }
    const sentSince = this.nextSeq - 1 - obs.seq
    return obs.remaining - sentSince > 0 ? 0 : obs.windowEndsAt - now
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
