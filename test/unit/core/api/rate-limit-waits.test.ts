// How long the client waits when a server limits its requests, on a fake clock against
// scripted loopback servers: the wait a server names is the wait; a wait longer than a
// request's deadline is not slept through but answered as rate_limited with the time it may
// go on, and until then no request goes out.
import { describe, expect, it } from 'vitest'
import type { SiteApiClientConfig } from '../../../../src/core/api'
import { failure } from './support/failure'
import { fakeTiming, type FakeTiming } from './support/fake-timing'
import { envelope, pageOf, sendJson, tag, type Handler } from './support/listener'
import { serveApi, type ServedApi } from './support/serve-api'

const tags = Array.from({ length: 300 }, (_, i) => tag(i + 1))

async function serve(handler: Handler, extra: Partial<SiteApiClientConfig> = {}): Promise<ServedApi & { timing: FakeTiming }> {
  const timing = fakeTiming()
  return { ...(await serveApi(handler, { token: 'rate-limit-token-0123456789', timing, ...extra })), timing }
}

describe('a server that answers every other request with 429, Retry-After: 1 and Remaining: 0', () => {
  for (const successHeaders of [{}, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' }] as Record<string, string>[]) {
    it(`waits about a second after each 429, not a minute (successes ${Object.keys(successHeaders).length > 0 ? 'with' : 'without'} rate-limit headers)`, async () => {
      let served = 0
      // One request at a time, as in the report: each 429 is followed by the repeat of its request.
      const { api, timing } = await serve((req, res) => {
        if (++served % 2 === 0) {
          return sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '1', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' })
        }
        sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags'), successHeaders)
      }, { maxConcurrent: 1 })
      const started = timing.now()
      expect(await api.listAllTags()).toHaveLength(300)
      // 20 pages, about as many 429s: a second each, nowhere near a minute each.
      expect(Math.max(...timing.sleeps)).toBeLessThanOrEqual(1_000)
      expect(timing.now() - started).toBeLessThan(30_000)
    })
  }
})

describe('a wait longer than the request deadline', () => {
  it('is answered as rate_limited with the wait, at once, when the headers say the budget is spent until a late reset', async () => {
    const { api, server, timing } = await serve((req, res) => {
      const reset = String(Math.floor(timing.now() / 1000) + 300)
      sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags'), { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset })
    })
    expect((await api.listTags(1)).data).toHaveLength(15)
    const error = await failure(api.listTags(2))
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 301_000 })
    expect(error.message).toBe("The server's limit on requests is used up for now. Wait 6 minutes and try again.")
    expect(timing.sleeps).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('honours a deadline set lower than the default', async () => {
    const { api, timing } = await serve((req, res) =>
      sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags'), { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' }),
    { requestTimeoutMs: 10_000 })
    await api.listTags(1)
    expect(await failure(api.listTags(2))).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 })
    expect(timing.sleeps).toEqual([])
  })

  it('after a 429 with a long Retry-After, holds every request back for all of it, sending none', async () => {
    let refuse = true
    const { api, server, timing } = await serve((req, res) => {
      if (refuse) return sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '600' })
      sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags'))
    })
    expect(await failure(api.listTags(1))).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 600_000 })
    refuse = false
    timing.advance(120_000)
    const held = await failure(api.listTags(1))
    expect(held).toMatchObject({ code: 'rate_limited', retryAfterMs: 480_000 })
    expect(held.message).toBe("The server's limit on requests is used up for now. Wait 8 minutes and try again.")
    expect(server.requests).toHaveLength(1)
    timing.advance(480_000)
    expect((await api.listTags(1)).data).toHaveLength(15)
    expect(timing.sleeps).toEqual([])
  })
})
