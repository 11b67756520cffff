// 429 with and without Retry-After, short and long. A short wait is taken (on the client's fake
// clock) and the read goes on; a limit that stays fails the sync with when it goes on, and
// the engine resumes it by itself then (its clock is moved by hand here).
import { afterEach, describe, expect, it } from 'vitest'
import { sendJson } from '../api/support/listener'
import { ACCOUNT } from '../sync/support/engine-harness'
import { closeHostile, failedWith, hostileCase } from './support/hostile-setup'

afterEach(closeHostile)

const RESUME = /^The server asked the app to slow down, so the sync stopped before it was complete; it goes on by itself at \d{1,2}:\d{2}( [AP]M)?\.$/

const tooMany = (res: Parameters<typeof sendJson>[0], headers: Record<string, string>) =>
  sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', ...headers })

describe('429', () => {
  it('with a short Retry-After once: the client waits that long and the sync completes', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, count, res }) => {
      if (path !== '/v1/sites' || page !== 2 || count > 5) return false
      tooMany(res, { 'retry-after': '2' })
      return true
    })
    expect(state).toMatchObject({ status: 'idle', error: null })
    expect(c.timing.sleeps).toContain(2_000)
    expect(Math.max(...c.timing.sleeps)).toBeLessThanOrEqual(2_000)
    expect(c.server.spy.requests).toEqual([])
  })

  it('with Retry-After on every request: fails with when it goes on, then resumes by itself', async () => {
    const c = await hostileCase()
    let limited = true
    const state = await c.syncWhile(({ res }) => {
      if (!limited) return false
      tooMany(res, { 'retry-after': '5' })
      return true
    })
    expect(failedWith(state, 'rate_limited')).toMatch(RESUME)
    expect(state.error?.retryAfterMs).toBe(5_000)
    c.expectUnharmed(state)

    limited = false
    c.server.sites = c.server.sites.slice(0, 30)
    c.clock.advance(5_000)
    await expect.poll(() => c.h.engine.state(ACCOUNT).status).toBe('idle')
    expect(c.h.store.sites(ACCOUNT)).toHaveLength(30)
  })

  it('with a Retry-After of ten minutes: fails at once with that time, sending nothing more meanwhile', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ res }) => {
      tooMany(res, { 'retry-after': '600' })
      return true
    })
    expect(failedWith(state, 'rate_limited')).toMatch(RESUME)
    expect(state.error?.retryAfterMs).toBe(600_000)
    expect(c.timing.sleeps).toEqual([])
    c.expectUnharmed(state)
    const sent = c.server.listener.requests.length
    expect((await c.h.engine.syncNow(ACCOUNT)).error?.code).toBe('rate_limited')
    expect(c.server.listener.requests).toHaveLength(sent)
  })

  it('without Retry-After: backs off a few times, then fails and resumes after a minute', async () => {
    const c = await hostileCase()
    let limited = true
    const state = await c.syncWhile(({ res }) => {
      if (!limited) return false
      sendJson(res, 429, { message: 'Too Many Attempts.' })
      return true
    })
    expect(failedWith(state, 'rate_limited')).toMatch(RESUME)
    expect(state.error?.retryAfterMs).toBe(60_000)
    expect(Math.max(...c.timing.sleeps)).toBeLessThanOrEqual(4_000)
    c.expectUnharmed(state)

    limited = false
    c.clock.advance(59_999)
    expect(c.h.engine.state(ACCOUNT).status).toBe('failed')
    c.clock.advance(1)
    await expect.poll(() => c.h.engine.state(ACCOUNT).status).toBe('idle')
  })
})
