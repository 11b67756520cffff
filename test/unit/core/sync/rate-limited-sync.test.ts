// A sync stopped by the server's rate limit: the person sees why and when it goes on, the last
// snapshot stays, nothing is sent before that time, and the sync resumes by itself then. The
// engine and the client share one hand-moved clock; the server is a scripted loopback listener.
import { afterEach, describe, expect, it } from 'vitest'
import type { Timing } from '../../../../src/core/api'
import { envelope, pageOf, sendJson, site, startListener, tag, type TestListener } from '../api/support/listener'
import { ACCOUNT, closeHarnesses, makeHarness } from './support/engine-harness'
import { ManualClock } from './support/manual-clock'

const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await closeHarnesses()
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

/** The client's time is the engine's; a wait the client takes moves the clock (and fires timers). */
function sharedTiming(clock: ManualClock): Timing & { sleeps: number[] } {
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => clock.now(),
    random: () => 0.5,
    sleep: (ms) => {
      sleeps.push(ms)
      clock.advance(ms)
      return Promise.resolve()
    },
  }
}

interface Server {
  listener: TestListener
  /** Until this time every answer says the budget is spent and resets then. */
  spentUntil: number
  sites: ReturnType<typeof site>[]
}

async function rateLimitedServer(clock: ManualClock): Promise<Server> {
  const server: Server = { listener: undefined as unknown as TestListener, spentUntil: 0, sites: Array.from({ length: 20 }, (_, i) => site(i + 1)) }
  server.listener = await startListener((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const page = pageOf(req.url)
    const spent = clock.now() < server.spentUntil
    const headers: Record<string, string> = spent
      ? { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(server.spentUntil / 1000)) }
      : { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' }
    if (path === '/v1/sites') return sendJson(res, 200, envelope(server.sites, page, 'http://x/v1/sites'), headers)
    if (path === '/v1/tags') return sendJson(res, 200, envelope([tag(1)], page, 'http://x/v1/tags'), headers)
    if (path === '/v1/logs') return sendJson(res, 200, envelope([], page, 'http://x/v1/logs'), headers)
    sendJson(res, 404, { message: 'Not Found' })
  })
  opened.push(server.listener)
  return server
}

describe('a sync stopped by the rate limit', () => {
  it('fails with when it goes on, keeps the snapshot, sends nothing until then, and resumes by itself', async () => {
    const clock = new ManualClock()
    const timing = sharedTiming(clock)
    const server = await rateLimitedServer(clock)
    const h = await makeHarness({ baseUrl: `${server.listener.origin}/v1`, token: 't', clock, client: { timing } })
    expect(await h.engine.syncNow(ACCOUNT)).toMatchObject({ status: 'idle' })

    // The budget is spent for five minutes: page 1 of each list still goes, page 2 may not.
    server.spentUntil = clock.now() + 300_000
    const failed = await h.engine.syncNow(ACCOUNT)
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatchObject({ code: 'rate_limited', retryAfterMs: 301_000 })
    expect(failed.error?.message).toMatch(/^The server asked the app to slow down, so the sync stopped before it was complete; it goes on by itself at \d{1,2}:\d{2}/)
    expect(h.store.sites(ACCOUNT)).toHaveLength(20)
    expect(timing.sleeps).toEqual([])

    // Sync now, meanwhile: the same answer at once, and no request reaches the server.
    const sent = server.listener.requests.length
    clock.advance(60_000)
    expect((await h.engine.syncNow(ACCOUNT)).error).toMatchObject({ code: 'rate_limited', retryAfterMs: 241_000 })
    expect(server.listener.requests).toHaveLength(sent)

    server.sites = Array.from({ length: 25 }, (_, i) => site(i + 1))
    clock.advance(240_999)
    expect(server.listener.requests).toHaveLength(sent)
    clock.advance(1)
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')
    expect(h.store.sites(ACCOUNT)).toHaveLength(25)
    expect(h.engine.state(ACCOUNT).error).toBeNull()
  })

  it('resumes no sync for an account removed meanwhile', async () => {
    const clock = new ManualClock()
    const server = await rateLimitedServer(clock)
    const h = await makeHarness({ baseUrl: `${server.listener.origin}/v1`, token: 't', clock, client: { timing: sharedTiming(clock) } })
    await h.engine.syncNow(ACCOUNT)
    server.spentUntil = clock.now() + 300_000
    expect((await h.engine.syncNow(ACCOUNT)).error?.code).toBe('rate_limited')
    await h.engine.accountRemoved(ACCOUNT)
    const calls = h.calls.length
    clock.advance(400_000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(h.calls).toHaveLength(calls)
  })
})
