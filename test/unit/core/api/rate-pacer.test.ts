import { describe, expect, it } from 'vitest'
import { RatePacer } from '../../../../src/core/api/rate-pacer'
import { failure } from './support/failure'
import { fakeTiming } from './support/fake-timing'

const headers = (limit: number, remaining: number, extra: Record<string, string> = {}) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  ...extra,
})

describe('RatePacer', () => {
  it('does not wait without rate-limit headers', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    for (let i = 0; i < 10; i++) pacer.observe(await pacer.beforeSend(), {})
    expect(timing.sleeps).toEqual([])
  })

  it('counts requests sent after the last answer against the remaining budget', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    const first = await pacer.beforeSend()
    pacer.observe(first, headers(3, 2))
    const second = await pacer.beforeSend() // budget 2 -> 1
    const third = await pacer.beforeSend() // budget 1 -> 0
    expect(timing.sleeps).toEqual([])
    const fourth = pacer.beforeSend() // must wait: first for the answers, then for the window
    pacer.observe(second, headers(3, 1))
    pacer.observe(third, headers(3, 0))
    await fourth
    expect(timing.sleeps).toEqual([60_000])
  })

  it('ignores an answer that arrives after a newer one', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    const older = await pacer.beforeSend()
    const newer = await pacer.beforeSend()
    pacer.observe(newer, headers(2, 0))
    pacer.observe(older, headers(2, 1))
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([60_000])
  })

  it('counts a request still unanswered when a newer answer shows a remaining budget', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(5, 3))
    const older = await pacer.beforeSend()
    const newer = await pacer.beforeSend()
    // The server counted the newer one first: Remaining 2 does not include the older one yet.
    pacer.observe(newer, headers(5, 2))
    const last = await pacer.beforeSend() // budget 2 minus the older one -> 0
    expect(timing.sleeps).toEqual([])
    const next = pacer.beforeSend()
    pacer.observe(older, headers(5, 1))
    pacer.observe(last, headers(5, 0))
    await next
    expect(timing.sleeps).toEqual([60_000])
  })

  it('waits for the answers of requests in flight before it waits for the window', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(3, 2))
    const a = await pacer.beforeSend()
    const b = await pacer.beforeSend()
    let sent = false
    const third = pacer.beforeSend().then((ticket) => {
      sent = true
      return ticket
    })
    await Promise.resolve()
    // Both may not be counted yet; a's answer shows it was, b's was counted before it.
    pacer.observe(a, headers(3, 1))
    await Promise.resolve()
    expect(sent).toBe(false)
    pacer.observe(b, headers(3, 2))
    pacer.settle(await third)
    expect(timing.sleeps).toEqual([])
  })

  it('counts requests still in flight against the budget of a window that has reset', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(3, 2))
    const a = await pacer.beforeSend()
    const b = await pacer.beforeSend()
    const waiting = pacer.beforeSend()
    // b shows the budget used up while a is still in flight: wait for the window.
    pacer.observe(b, headers(3, 0))
    const third = await waiting
    expect(timing.sleeps).toEqual([60_000])
    // a may land in the new window of 3, and its answer cannot say: it counts there.
    const fourth = await pacer.beforeSend()
    const fifth = pacer.beforeSend()
    pacer.observe(a, headers(3, 1))
    pacer.observe(third, headers(3, 2))
    pacer.observe(fourth, headers(3, 1))
    await fifth
    expect(timing.sleeps).toEqual([60_000, 60_000])
  })

  it('does not take answers that arrive out of order for a new window', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    // The window of 10 begins with the first answer, at 0 s: it ends at 60 s.
    pacer.observe(await pacer.beforeSend(), headers(10, 9))
    timing.advance(10_000)
    const older = await pacer.beforeSend()
    const newer = await pacer.beforeSend()
    // The server counted the newer one first (Remaining 8), and its answer came first: the
    // remaining count did not rise, so this is the same window, still ending at 60 s.
    pacer.observe(newer, headers(10, 8))
    pacer.observe(older, headers(10, 7))
    for (let remaining = 6; remaining >= 0; remaining--) pacer.observe(await pacer.beforeSend(), headers(10, remaining))
    expect(timing.sleeps).toEqual([])
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([50_000])
  })

  it('does not take a higher count that arrives late, from a request counted earlier, for a new window', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(10, 9))
    timing.advance(10_000)
    const older = await pacer.beforeSend()
    const newer = await pacer.beforeSend()
    // The server counted the newer one first (Remaining 8) but answered it last: the count
    // seems to rise, by no more than the one request in flight beside it.
    pacer.observe(older, headers(10, 7))
    pacer.observe(newer, headers(10, 8))
    for (let remaining = 6; remaining >= 0; remaining--) pacer.observe(await pacer.beforeSend(), headers(10, remaining))
    expect(timing.sleeps).toEqual([])
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([50_000])
  })

  it('takes a remaining count that really rises for a new window', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(3, 2))
    timing.advance(30_000)
    pacer.observe(await pacer.beforeSend(), headers(3, 1))
    timing.advance(25_000)
    const ticket = await pacer.beforeSend()
    timing.advance(1_000)
    // The server's window reset before the estimated 60 s: Remaining rose from 1 to 2.
    pacer.observe(ticket, headers(3, 2))
    pacer.observe(await pacer.beforeSend(), headers(3, 1))
    pacer.observe(await pacer.beforeSend(), headers(3, 0))
    expect(timing.sleeps).toEqual([])
    // The new window began before the answer at 56 s arrived, so it ends by 116 s.
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([60_000])
  })

  it('uses X-RateLimit-Reset (epoch seconds) when the server sends it', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    const ticket = await pacer.beforeSend()
    pacer.observe(ticket, headers(10, 0, { 'x-ratelimit-reset': String(Math.floor(timing.now() / 1000) + 20) }))
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([21_000])
  })

  it('holds every request back after blockFor', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.blockFor(5_000)
    await pacer.beforeSend()
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([5_000])
  })

  it('takes the Retry-After the server gives as the wait, not an assumed 60 s window', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(60, 0, { 'retry-after': '1' }))
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([1_000])
  })

  it('assumes the 60 s window only when no header says when the budget is back', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(60, 0))
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([60_000])
  })

  it('does not sleep through a wait longer than the caller allows: it fails as rate_limited with the wait', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    const reset = String(Math.floor(timing.now() / 1000) + 300)
    pacer.observe(await pacer.beforeSend(), headers(60, 0, { 'x-ratelimit-reset': reset }))
    const error = await failure(pacer.beforeSend(undefined, 60_000))
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 301_000 })
    expect(error.message).toBe("The server's limit on requests is used up for now. Wait 6 minutes and try again.")
    expect(timing.sleeps).toEqual([])
    // Within the limit (the pacer's own one-second margin included) it still waits.
    const near = new RatePacer(timing)
    near.observe(await near.beforeSend(), headers(60, 0, { 'x-ratelimit-reset': String(Math.floor(timing.now() / 1000) + 60) }))
    await near.beforeSend(undefined, 60_000)
    expect(timing.sleeps).toEqual([61_000])
  })

  it('fails a request inside a long block after a 429 at once, without sleeping', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.blockFor(300_000)
    expect(await failure(pacer.beforeSend(undefined, 60_000))).toMatchObject({ code: 'rate_limited', retryAfterMs: 300_000 })
    timing.advance(250_000)
    await pacer.beforeSend(undefined, 60_000)
    expect(timing.sleeps).toEqual([50_000])
  })
})
