// Headers, network failures, Retry-After, rate pacing and the concurrency cap, against plain
// node:http listeners that can do what the reference server does not (reset a socket, share
// the client's fake clock).
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteApiClient, type SiteApi, type SiteApiClientConfig } from '../../../../src/core/api'
import { failure } from './support/failure'
import { fakeTiming, type FakeTiming } from './support/fake-timing'
import { envelope, sendJson, site, startListener, tag, type Handler, type TestListener } from './support/listener'

const TOKEN = 'transport-token'
const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

async function serve(
  handler: Handler,
  extra: Partial<SiteApiClientConfig> = {},
): Promise<{ api: SiteApi; server: TestListener; timing: FakeTiming }> {
  const server = await startListener(handler)
  opened.push(server)
  const timing = (extra.timing as FakeTiming | undefined) ?? fakeTiming()
  const api = createSiteApiClient({ baseUrl: `${server.origin}/api/v1`, token: TOKEN, ...extra, timing })
  opened.push(api)
  return { api, server, timing }
}

describe('request headers', () => {
  it('sends Bearer and Accept on every call, Content-Type only with a body, and only known fields', async () => {
    const { api, server } = await serve((req, res) => {
      if (req.method === 'POST') return sendJson(res, 200, { data: { ...site(5), updates_count: undefined } })
      if (req.method === 'DELETE') return res.end()
      sendJson(res, 200, envelope([site(5)], 1, 'http://x/api/v1/sites'))
    })
    await api.listSites()
    await api.createSite({ name: 'New', url: 'https://new.test', tags: [1], monitor: { look_for_string: 'ok' }, notes: undefined })
    await api.deleteSite(5)
    expect(server.requests.map((r) => [r.method, r.url, r.authorization, r.accept, r.contentType])).toEqual([
      ['GET', '/api/v1/sites?page=1', `Bearer ${TOKEN}`, 'application/json', undefined],
      ['POST', '/api/v1/sites', `Bearer ${TOKEN}`, 'application/json', 'application/json'],
      ['DELETE', '/api/v1/sites/5', `Bearer ${TOKEN}`, 'application/json', undefined],
    ])
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ name: 'New', url: 'https://new.test', tags: [1], monitor: { look_for_string: 'ok' } })
  })

  it('refuses fields that are not in the create request of spec 4.1', async () => {
    const { api, server } = await serve((_req, res) => res.end())
    const error = await failure(api.createSite({ name: 'x', url: 'https://x.test', tag_ids: [1] } as never))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/tag_ids/)
    expect(server.requests).toEqual([])
  })
})

describe('status codes', () => {
  it('maps 403, 409, 405 and 504 to codes a person can act on', async () => {
    const answers: [number, unknown][] = [
      [403, { message: 'This action is unauthorized.' }],
      [409, { message: 'The tag is in use.' }],
      [405, { message: 'Method not allowed' }],
      [504, {}],
    ]
    const { api } = await serve((_req, res) => {
      const [status, body] = answers.shift()!
      sendJson(res, status, body)
    }, { maxRetries: 0 })
    expect(await failure(api.deleteTag(1))).toMatchObject({ code: 'forbidden', status: 403 })
    const conflict = await failure(api.deleteTag(1))
    expect(conflict).toMatchObject({ code: 'validation', status: 409 })
    expect(conflict.message).toContain('The tag is in use.')
    expect(await failure(api.deleteTag(1))).toMatchObject({ code: 'bad_response', status: 405 })
    expect(await failure(api.getSite(1))).toMatchObject({ code: 'server', status: 504 })
  })

  it('reads a 403 that says the key is invalid as a refused token, with the server’s reason', async () => {
    const { api } = await serve((_req, res) => sendJson(res, 403, { error: true, msg: 'Invalid API key', status: 403 }), { maxRetries: 0 })
    const refused = await failure(api.listSites())
    expect(refused).toMatchObject({ code: 'unauthorized', status: 403 })
    expect(refused.message).toContain('“Invalid API key”')
  })
})

describe('network failures', () => {
  it('a refused connection is network with the address, retried for a GET', async () => {
    const closed = await startListener(() => {})
    await closed.close()
    const port = new URL(closed.origin).port
    const timing = fakeTiming()
    const api = createSiteApiClient({ baseUrl: `${closed.origin}/api/v1`, token: TOKEN, timing })
    opened.push(api)
    const error = await failure(api.listSites())
    expect(error).toEqual({
      code: 'network',
      message: `Could not reach 127.0.0.1:${port} (connection refused). Check the address and your network.`,
    })
    expect(timing.sleeps).toHaveLength(3)
  })

  it('a reset connection is repeated for a GET and succeeds', async () => {
    let resets = 1
    const { api, server } = await serve((req, res) => {
      if (resets-- > 0) return req.socket.destroy()
      sendJson(res, 200, { data: site(1) })
    })
    expect((await api.getSite(1)).id).toBe(1)
    expect(server.requests).toHaveLength(2)
  })

  it('a reset connection is not repeated for a POST, and the advice is to refresh, not to try again', async () => {
    const { api, server } = await serve((req) => req.socket.destroy())
    const error = await failure(api.createTag('Only once'))
    expect(error.code).toBe('network')
    expect(error.message).toMatch(/interrupted/)
    expect(error.message).toMatch(/The answer was lost; the new tag may have been created\. Refresh before trying again\.$/)
    expect(error.message).not.toMatch(/Check the address/)
    expect(server.requests).toHaveLength(1)
    const deletion = await failure(api.deleteSite(4))
    expect(deletion.message).toMatch(/site 4 may have been deleted\. Refresh before trying again\.$/)
  })

  it('a malformed Location is bad_response with its status, not a network error, and not repeated', async () => {
    const { api, server } = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://[not-an-address' })
      res.end()
    })
    const error = await failure(api.getSite(1))
    expect(error).toMatchObject({ code: 'bad_response', status: 302 })
    expect(error.message).toMatch(/not a web address/)
    expect(server.requests).toHaveLength(1)
  })
})

describe('Retry-After', () => {
  it('honours an HTTP date', async () => {
    const timing = fakeTiming()
    let refused = false
    const { api } = await serve(
      (_req, res) => {
        if (!refused) {
          refused = true
          return sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': new Date(timing.now() + 7000).toUTCString() })
        }
        sendJson(res, 200, envelope([tag(1)], 1, 'http://x/api/v1/tags'))
      },
      { timing },
    )
    expect((await api.listTags()).data).toHaveLength(1)
    expect(timing.sleeps).toEqual([7000])
  })

  it('honours Retry-After on a 503 (maintenance) for a GET', async () => {
    const timing = fakeTiming()
    let down = true
    const { api } = await serve(
      (_req, res) => {
        if (down) {
          down = false
          return sendJson(res, 503, { message: 'Service Unavailable' }, { 'retry-after': '3' })
        }
        sendJson(res, 200, { data: site(1) })
      },
      { timing },
    )
    expect((await api.getSite(1)).id).toBe(1)
    expect(timing.sleeps).toEqual([3000])
  })

  it('a 429 without Retry-After backs off; a POST answered 429 is not repeated but holds later requests back', async () => {
    const timing = fakeTiming()
    let calls = 0
    const { api, server } = await serve(
      (req, res) => {
        calls++
        if (req.method === 'POST') return sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '9' })
        if (calls === 2) return sendJson(res, 429, { message: 'Too Many Attempts.' })
        sendJson(res, 200, envelope([tag(1)], 1, 'http://x/api/v1/tags'))
      },
      { timing },
    )
    const error = await failure(api.createTag('x'))
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 9000 })
    expect(error.message).toBe('The server is limiting how many requests the app may send. Wait 9 seconds and try again.')
    expect(timing.sleeps).toEqual([])
    await api.listTags()
    expect(timing.sleeps).toEqual([9000, 125])
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET'])
  })
})

describe('pacing and concurrency', () => {
  it('never meets a 429 under a fixed-window limit it learns from X-RateLimit headers', async () => {
    const timing = fakeTiming()
    const LIMIT = 5
    let window = { start: -Infinity, hits: 0 }
    let refusals = 0
    const { api, server } = await serve(
      (_req, res) => {
        const now = timing.now()
        if (now - window.start >= 60_000) window = { start: now, hits: 0 }
        if (window.hits >= LIMIT) {
          refusals++
          return sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '60', 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' })
        }
        window.hits++
        sendJson(res, 200, { data: site(1) }, { 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': String(LIMIT - window.hits) })
      },
      { timing },
    )
    for (let i = 0; i < 12; i++) await api.getSite(1)
    await Promise.all(Array.from({ length: 8 }, () => api.getSite(1)))
    expect(server.requests).toHaveLength(20)
    expect(refusals).toBe(0)
    // Twenty requests at five a minute need at least three waits for a new window.
    expect(timing.sleeps.filter((ms) => ms > 0).length).toBeGreaterThanOrEqual(3)
  })

  it('keeps at most maxConcurrent requests in flight', async () => {
    let inFlight = 0
    let peak = 0
    const { api } = await serve(
      (_req, res) => {
        inFlight++
        peak = Math.max(peak, inFlight)
        setTimeout(() => {
          inFlight--
          sendJson(res, 200, { data: site(1) })
        }, 20)
      },
      { maxConcurrent: 3 },
    )
    await Promise.all(Array.from({ length: 10 }, () => api.getSite(1)))
    expect(peak).toBe(3)
  })

  it('close() before any call, or while the first call is making its pool, sends nothing and leaves nothing open', async () => {
    const { api, server } = await serve((_req, res) => sendJson(res, 200, { data: site(1) }))
    await api.close()
    expect((await failure(api.getSite(1))).code).toBe('cancelled')

    const { api: second, server: secondServer } = await serve((_req, res) => sendJson(res, 200, { data: site(1) }))
    const first = failure(second.getSite(1))
    await second.close()
    expect((await first).code).toBe('cancelled')
    expect([...server.requests, ...secondServer.requests]).toEqual([])
  })

  it('close() ends the pool; later calls fail as cancelled', async () => {
    const { api, server } = await serve((_req, res) => sendJson(res, 200, { data: site(1) }))
    await api.getSite(1)
    await api.close()
    expect((await failure(api.getSite(1))).code).toBe('cancelled')
    expect(server.requests).toHaveLength(1)
  })
})
