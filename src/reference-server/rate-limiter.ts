// Laravel's ThrottleRequests: a fixed window that starts with the first hit of a key and
// lasts a minute. Every answer carries X-RateLimit-Limit/-Remaining; a refused one also
// Retry-After and X-RateLimit-Reset.

export interface RateDecision {
  allowed: boolean
  headers: Record<string, string>
}

interface Window {
  startedAt: number
  hits: number
}

const WINDOW_MS = 60_000

export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(private readonly now: () => number = Date.now) {}

  reset(): void {
    this.windows.clear()
  }

  hit(key: string, limit: number): RateDecision {
    const now = this.now()
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
}
