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
