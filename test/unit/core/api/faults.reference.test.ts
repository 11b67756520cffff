// Error codes, retry rules, timeouts, pacing and cancellation against the reference server's
// switchable faults, over loopback HTTP. Waits run on a fake clock (support/fake-timing.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSiteApiClient, type SiteApi, type SiteApiClientConfig } from '../../../../src/core/api'
import { DEFAULT_FAULTS, startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import { failure } from './support/failure'
import { fakeTiming, type FakeTiming } from './support/fake-timing'


let server: RunningReferenceServer
const clients: SiteApi[] = []

function client(timing: FakeTiming, extra: Partial<SiteApiClientConfig> = {}): SiteApi {
  const api = createSiteApiClient({ baseUrl: server.baseUrl, token: server.tokens[0]!, timing, ...extra })
  clients.push(api)
  return api
}

beforeAll(async () => {
  server = await startReferenceServer({ seed: 'faults', sites: 20 })
})

afterEach(async () => {
  server.setFaults(DEFAULT_FAULTS)
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

afterAll(async () => {
  await server.close()
})

describe('retries', () => {
  it('repeats a GET on 503 with capped exponential backoff, then answers server', async () => {
    server.setFaults({ failureRate: 1, failureStatuses: [503] })
    const timing = fakeTiming({ random: () => 0.5 })
    const before = server.requestCount()
    const error = await failure(client(timing).listSites())
    expect(error).toMatchObject({ code: 'server', status: 503 })
    expect(error.message).toMatch(/HTTP 503: Service Unavailable/)
    expect(server.requestCount() - before).toBe(4)
    // Full jitter at random 0.5: half of 250, 500, 1000.
    expect(timing.sleeps).toEqual([125, 250, 500])
  })

  it('recovers when a repeat succeeds', async () => {
    server.setFaults({ failureRate: 1, failureStatuses: [502] })
    const timing = fakeTiming({ onSleep: () => server.setFaults({ failureRate: 0 }) })
    const page = await client(timing).listSites()
    expect(page.data).toHaveLength(15)
    expect(timing.sleeps).toHaveLength(1)
  })

  it('does not repeat a GET on 500, and not at all with maxRetries 0', async () => {
    server.setFaults({ failureRate: 1, failureStatuses: [500] })
    let before = server.requestCount()
    expect((await failure(client(fakeTiming()).listTags())).code).toBe('server')
    expect(server.requestCount() - before).toBe(1)

    server.setFaults({ failureStatuses: [503] })
    before = server.requestCount()
    await failure(client(fakeTiming(), { maxRetries: 0 }).listTags())
    expect(server.requestCount() - before).toBe(1)
  })

  it('never repeats POST or DELETE', async () => {
    server.setFaults({ failureRate: 1, failureStatuses: [503] })
    const timing = fakeTiming()
    const api = client(timing)
    const before = server.requestCount()
    expect((await failure(api.createTag('Once only'))).code).toBe('server')
    expect((await failure(api.createSite({ name: 'Once', url: 'https://once.test' }))).code).toBe('server')
    expect((await failure(api.deleteTag(1))).code).toBe('server')
    expect(server.requestCount() - before).toBe(3)
    expect(timing.sleeps).toEqual([])
  })
})

describe('broken answers', () => {
  it('an HTML error page is a server error that quotes the page title', async () => {
    server.setFaults({ htmlErrorPage: true })
    const error = await failure(client(fakeTiming()).getSite(1))
    expect(error).toMatchObject({ code: 'server', status: 500 })
    expect(error.message).toContain('Server Error')
    expect(error.message).not.toContain('<')
  })

  it('broken JSON is bad_response with status and excerpt, and a create is not repeated', async () => {
    server.setFaults({ malformedJson: true })
    const api = client(fakeTiming())
    const error = await failure(api.listSites())
    expect(error.code).toBe('bad_response')
    expect(error.status).toBe(200)
    expect(error.message).toMatch(/not valid JSON \(HTTP 200, application\/json: "\{"data":/)

    const before = server.requestCount()
    expect((await failure(api.createTag('Broken answer'))).code).toBe('bad_response')
    expect(server.requestCount() - before).toBe(1)
    server.setFaults({ malformedJson: false })
    // The server did carry out the create: the person sees the tag after a refresh.
    expect((await api.listAllTags()).map((t) => t.name)).toContain('Broken answer')
  })
})

describe('timeouts and cancellation', () => {
  it('a server slower than headersTimeout is a timeout, not repeated', async () => {
    // undici checks these timeouts on a ~0.5 s tick, so the server is far slower than the limit.
    server.setFaults({ latencyMs: 3000 })
    const before = server.requestCount()
    const error = await failure(client(fakeTiming(), { headersTimeoutMs: 200 }).listSites())
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/did not answer in time/)
    expect(server.requestCount() - before).toBe(1)
  })

  it('a body that stalls longer than bodyTimeout is a timeout', async () => {
    server.setFaults({ slowBodyMs: 10_000 })
    const error = await failure(client(fakeTiming(), { bodyTimeoutMs: 200 }).listSites())
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/stopped in the middle/)
  })

  it('an aborted signal cancels a request in flight', async () => {
    server.setFaults({ latencyMs: 2000 })
    const controller = new AbortController()
    const pending = client(fakeTiming()).listSites(1, controller.signal)
    setTimeout(() => controller.abort(), 50)
    const started = Date.now()
    expect((await failure(pending)).code).toBe('cancelled')
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('an already aborted signal sends nothing', async () => {
    const before = server.requestCount()
    expect((await failure(client(fakeTiming()).listAllSites(AbortSignal.abort()))).code).toBe('cancelled')
    expect(server.requestCount()).toBe(before)
  })
})

describe('rate limits', () => {
  let limited: RunningReferenceServer

  beforeAll(async () => {
    limited = await startReferenceServer({ seed: 'limits', sites: 20, faults: { rateLimitPerMinute: 3 } })
  })

  afterAll(async () => {
    await limited.close()
  })

  it('paces itself with X-RateLimit headers: waits for the window before the request that would be refused', async () => {
    const controller = new AbortController()
    let countAtWait = -1
    const timing = fakeTiming({
      onSleep: () => {
        countAtWait = limited.requestCount()
        controller.abort()
      },
    })
    const api = createSiteApiClient({ baseUrl: limited.baseUrl, token: limited.tokens[0]!, timing })
    clients.push(api)
    for (let i = 0; i < 3; i++) await api.listTags(1, controller.signal)
    const error = await failure(api.listTags(1, controller.signal))
    expect(error.code).toBe('cancelled')
    // It stopped itself after three requests, before the server had to refuse one.
    expect(countAtWait).toBe(3)
    expect(limited.requestCount()).toBe(3)
    expect(timing.sleeps[0]).toBeGreaterThanOrEqual(59_000)
    expect(timing.sleeps[0]).toBeLessThanOrEqual(61_000)
  })

  it('honours Retry-After on 429 and fails with rate_limited and the wait when it stays', async () => {
    // A second client of the same token knows nothing of the spent budget and meets the 429.
    const timing = fakeTiming()
    const api = createSiteApiClient({ baseUrl: limited.baseUrl, token: limited.tokens[0]!, timing, maxRetries: 1 })
    clients.push(api)
    const error = await failure(api.listTags())
    expect(error.code).toBe('rate_limited')
    expect(error.status).toBe(429)
    expect(error.retryAfterMs).toBeGreaterThan(50_000)
    expect(error.message).toMatch(/Wait \d+ seconds/)
    expect(timing.sleeps).toHaveLength(1)
    expect(timing.sleeps[0]).toBeGreaterThan(50_000)
  })

  it('does not wait for a Retry-After longer than the cap', async () => {
    const timing = fakeTiming()
    const api = createSiteApiClient({ baseUrl: limited.baseUrl, token: limited.tokens[0]!, timing, retry: { maxRetryAfterMs: 5_000 } })
    clients.push(api)
    const error = await failure(api.listTags())
    expect(error.code).toBe('rate_limited')
    expect(error.retryAfterMs).toBeGreaterThan(5_000)
    expect(timing.sleeps).toEqual([])
  })
})
