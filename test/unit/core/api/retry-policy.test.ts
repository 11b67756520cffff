import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../../../../src/core/api/retry-policy'

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0)

  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:45 GMT', now)).toBe(45_000)
    expect(parseRetryAfter(['5', '9'], now)).toBe(5_000)
  })

  it('treats a date in the past as no wait, and nonsense as absent', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

describe('backoffDelay', () => {
  it('grows exponentially from 250 ms and is capped at 4 s, with full jitter', () => {
    const top = (retry: number) => backoffDelay(retry, DEFAULT_RETRY_POLICY, () => 0.999999)
    expect([0, 1, 2, 3, 4, 5, 10].map(top)).toEqual([249, 499, 999, 1999, 3999, 3999, 3999])
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0)
  })
})
