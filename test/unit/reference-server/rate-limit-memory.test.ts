// The rate limiter lives as long as the process (the app's main process, for the demo
// workspace): keys it sees once must not pile up in it forever.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../../src/reference-server/rate-limiter'
import { get, startServer } from './helpers'

describe('rate limiter memory', () => {
  it('gives made-up tokens no windows of their own: 10,000 of them share the address budget', async () => {
    const server = await startServer({ faults: { rateLimitPerMinute: 20 } })
    const statuses = new Map<number, number>()
    let next = 0
    // A few parallel lanes keep the 10,000 requests quick without flooding the shared CPU.
    const lane = async () => {
      while (next < 10_000) {
        next++
        const answer = await get(server, '/sites', { token: randomUUID() })
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      }
    }
    await Promise.all(Array.from({ length: 16 }, lane))
    // Each made-up token was its own window before: 10,000 × 401, no 429 at all.
    expect(Object.fromEntries(statuses)).toEqual({ 401: 20, 429: 9_980 })
    // A real account still has its own, untouched budget.
    const real = await get(server, '/sites')
    expect(real.status).toBe(200)
    expect(real.headers.get('x-ratelimit-remaining')).toBe('19')
  }, 60_000)

  it('forgets expired windows, so keys seen once leave the map bounded', () => {
    let now = 1_000_000
    const limiter = new RateLimiter(() => now)
    for (let i = 0; i < 10_000; i++) {
      now += 100 // 10,000 distinct keys over 1,000 seconds: about 600 live at any time
      limiter.hit(`key-${i}`, 5)
    }
    expect(limiter.size).toBeLessThanOrEqual(2048)
    expect(limiter.size).toBeGreaterThanOrEqual(600)
  })

  it('drops only expired windows in a sweep; a live one keeps its count', () => {
    let now = 0
    const limiter = new RateLimiter(() => now)
    for (let i = 0; i < 1_100; i++) limiter.hit(`old-${i}`, 3)
    now = 30_000
    limiter.hit('steady', 3)
    limiter.hit('steady', 3)
    now = 61_000 // the old windows have expired, the steady one has not
    for (let i = 0; i < 1_000; i++) limiter.hit(`new-${i}`, 3)
    // The map reached its sweep size on the way: what is left is the steady window and the new ones.
    expect(limiter.size).toBe(1_001)
    expect(limiter.hit('steady', 3).headers['X-RateLimit-Remaining']).toBe('0')
    expect(limiter.hit('steady', 3).allowed).toBe(false)
  })
})
