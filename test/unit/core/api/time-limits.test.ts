// How long a call may take: close() ends requests in flight and wakes every wait at once, one
// try has an overall deadline (a trickling body resets undici's body timeout forever), and the
// waits between tries add up to a capped total. Real loopback listeners; real time where the
// point is that something ends promptly.
import { describe, expect, it } from 'vitest'
import { realTiming, type SiteApiClientConfig } from '../../../../src/core/api'
import { failure } from './support/failure'
import { fakeTiming } from './support/fake-timing'
import { sendJson, site, type Handler } from './support/listener'
import { serveApi, type ServedApi } from './support/serve-api'

const serve = (handler: Handler, extra: Partial<SiteApiClientConfig> = {}): Promise<ServedApi> =>
  serveApi(handler, { token: 'time-token', timing: realTiming, ...extra }, '/api/v1')

/** Milliseconds that `work` took to settle. */
async function timed(work: Promise<unknown>): Promise<number> {
  const started = Date.now()
  await work
  return Date.now() - started
}

describe('close()', () => {
  it('ends a request the server never answers, at once, as cancelled', async () => {
    // Headers would only time out after the default 30 s.
    const { api, server } = await serve(() => undefined)
    const call = failure(api.getSite(1))
    await expect.poll(() => server.requests.length).toBe(1)

    expect(await timed(api.close())).toBeLessThan(1000)
    expect((await call).code).toBe('cancelled')
  })

  it("wakes a request that waits out the server's Retry-After", async () => {
    const { api, server } = await serve((_req, res) => sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '30' }))
    const call = failure(api.getSite(1))
    await expect.poll(() => server.requests.length).toBe(1)

    const took = await timed(Promise.all([api.close(), call]))
    expect(took).toBeLessThan(1000)
    expect((await call).code).toBe('cancelled')
    expect(server.requests).toHaveLength(1)
  })
})

describe('deadline of one try', () => {
  it('stops a body that trickles in forever as a timeout, and does not repeat it', async () => {
    const { api, server } = await serve(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"data": ')
        // Each chunk arrives well within the body timeout, so only the deadline can end this.
        const drip = setInterval(() => res.write(' '), 50)
        res.on('close', () => clearInterval(drip))
      },
      { requestTimeoutMs: 600 },
    )
    const started = Date.now()
    const error = await failure(api.getSite(1))
    expect(Date.now() - started).toBeLessThan(3000)
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/took longer than 1 second to answer\. Try again later\./)
    expect(server.requests).toHaveLength(1)
  })

  it('a POST past the deadline says the change may have happened', async () => {
    const { api } = await serve(() => undefined, { requestTimeoutMs: 300 })
    const error = await failure(api.createTag('Slow'))
    expect(error.code).toBe('timeout')
    expect(error.message).toMatch(/the new tag may have been created\. Refresh before trying again\.$/)
  })
})

describe('total wait across retries', () => {
  it('gives up when the next wait would pass the cap, answering the last failure', async () => {
    const timing = fakeTiming()
    const { api, server } = await serve(
      (_req, res) => sendJson(res, 503, { message: 'Down for maintenance' }, { 'retry-after': '40' }),
      { timing, maxRetries: 3, retry: { maxTotalWaitMs: 60_000 } },
    )
    const error = await failure(api.getSite(1))
    expect(error).toMatchObject({ code: 'server', status: 503 })
    // 40 s is within the cap, another 40 s would make 80 s.
    expect(timing.sleeps).toEqual([40_000])
    expect(server.requests).toHaveLength(2)
  })

  it('keeps the default cap without options', async () => {
    const timing = fakeTiming()
    const { api } = await serve((_req, res) => sendJson(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '50' }), { timing })
    const error = await failure(api.getSite(1))
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 50_000 })
    expect(timing.sleeps).toEqual([50_000])
  })
})

describe('a plain answer is unaffected', () => {
  it('answers well inside the deadline', async () => {
    const { api } = await serve((_req, res) => sendJson(res, 200, { data: site(1) }), { requestTimeoutMs: 2000 })
    expect((await api.getSite(1)).id).toBe(1)
  })
})
