import { describe, expect, it } from 'vitest'
import { RatePacer } from '../../../../src/core/api/rate-pacer'
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
    await pacer.beforeSend() // budget 2 -> 1
    await pacer.beforeSend() // budget 1 -> 0
    expect(timing.sleeps).toEqual([])
    await pacer.beforeSend() // must wait for the window
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
    await pacer.beforeSend() // budget 2 minus the older one -> 0
    expect(timing.sleeps).toEqual([])
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([60_000])
    pacer.settle(older)
  })

  it('counts requests still in flight against the budget of a window that has reset', async () => {
    const timing = fakeTiming()
    const pacer = new RatePacer(timing)
    pacer.observe(await pacer.beforeSend(), headers(2, 1))
    const late = await pacer.beforeSend() // the last of the budget, still unanswered
    await pacer.beforeSend() // waits for the window
    expect(timing.sleeps).toEqual([60_000])
    // The late answer belongs to the old window, but its request may have been counted in the
    // new one of 2, together with the third: the fourth waits again.
    pacer.observe(late, headers(2, 1))
    await pacer.beforeSend()
    expect(timing.sleeps).toEqual([60_000, 60_000])
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
})
