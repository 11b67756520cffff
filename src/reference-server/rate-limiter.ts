// Laravel's ThrottleRequests: a fixed window that starts with the first hit of a key and
// lasts a minute (request-pipeline.ts picks the key: the account, else the client address).
// Every answer carries X-RateLimit-Limit/-Remaining; a refused one also Retry-After and
// X-RateLimit-Reset.

export interface RateDecision {
  allowed: boolean
  headers: Record<string, string>
}

interface Window {
  startedAt: number
  hits: number
}

const WINDOW_MS = 60_000
/** Below this many windows the map is never swept: the sweep would cost more than it frees. */
const MIN_SWEEP_SIZE = 1024

export class RateLimiter {
  private readonly windows = new Map<string, Window>()
  private sweepAt = MIN_SWEEP_SIZE

  constructor(private readonly now: () => number = Date.now) {}

  /** Windows currently remembered (expired ones linger until the next sweep). */
  get size(): number {
    return this.windows.size
  }

  reset(): void {
    this.windows.clear()
    this.sweepAt = MIN_SWEEP_SIZE
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.now()
    // Expired windows are forgotten when the map has grown, so keys seen once (a scan, a
    // client cycling tokens) cannot grow it without bound in a long-running process. The next
    // sweep waits until the map has doubled again, keeping the cost per hit constant on average.
    if (this.windows.size >= this.sweepAt) {
      this.dropExpired(now)
      this.sweepAt = Math.max(MIN_SWEEP_SIZE, this.windows.size * 2)
    }
    let window = this.windows.get(key)
    if (!window || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, hits: 0 }
      this.windows.set(key, window)
    }
    if (window.hits >= limit) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000))
      return {
        allowed: false,
        headers: {
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': '0',
          'Retry-After': String(retryAfter),
          'X-RateLimit-Reset': String(Math.floor(now / 1000) + retryAfter),
        },
      }
    }
    window.hits++
    return {
      allowed: true,
      headers: { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - window.hits) },
    }
  }

  private dropExpired(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= WINDOW_MS) this.windows.delete(key)
    }
  }
}
