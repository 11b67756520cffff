// Reading all pages a few at once (page-window.ts): the same result as one page after another,
// never more requests in flight than the client's limit, no 429 under a rate limit, and no
// request left running after a failure, a cancellation or a list that shrank.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteApiClient, type SiteApi, type SiteApiClientConfig } from '../../../../src/core/api'
import { startReferenceServer } from '../../../../src/reference-server'
import { failure } from './support/failure'
import { envelope, pageOf, sendJson, startListener, tag } from './support/listener'
import { fakeTiming } from './support/fake-timing'

const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

function client(baseUrl: string, token: string, extra: Partial<SiteApiClientConfig> = {}): SiteApi {
  const api = createSiteApiClient({ baseUrl, token, ...extra })
  opened.push(api)
  return api
}

/** A node:http listener that counts the requests open at once (received, not yet ended). */
async function countingListener(handler: (req: IncomingMessage, res: ServerResponse) => unknown) {
  const state = { open: 0, maxOpen: 0 }
  const server = await startListener((req, res) => {
    state.open++
    state.maxOpen = Math.max(state.maxOpen, state.open)
    res.on('close', () => state.open--)
    return handler(req, res)
  })
  opened.push(server)
  return { server, state, baseUrl: `${server.origin}/v1` }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * A fake clock that moves only when the client waits; each time it moves, the server's rate
 * window starts afresh (onMove), as the minute the pacer waited for would.
 */
function windowClock(onMove: () => void) {
  return fakeTiming({ onSleep: (ms) => (ms > 0 ? onMove() : undefined) })
}

const tagsUpTo = (n: number) => Array.from({ length: n }, (_, i) => tag(i + 1))

describe('listAll with several pages in flight', () => {
  it.each([0, 1, 15, 16, 31, 1500])('reads %i sites exactly as a read one page at a time does', async (sites) => {
    const server = await startReferenceServer({ seed: 'window', sites, events: 0 })
    opened.push(server)
    const token = server.tokens[0]!
    const sequential = await client(server.baseUrl, token, { maxConcurrent: 1 }).listAllSites()
    const before = server.requestCount()
    const progress: number[] = []
    const windowed = await client(server.baseUrl, token).listAllSites(undefined, (p) => progress.push(p.done))
    expect(windowed).toEqual(sequential)
    expect(windowed).toHaveLength(sites)
    expect(new Set(windowed.map((s) => s.id)).size).toBe(sites)
    // One request per page, progress in page order.
    const pages = Math.max(1, Math.ceil(sites / 15))
    expect(server.requestCount() - before).toBe(pages)
    expect(progress).toEqual(Array.from({ length: pages }, (_, i) => Math.min(sites, (i + 1) * 15)))
  })

  it('keeps more than one request open, never more than maxConcurrent', async () => {
    const tags = tagsUpTo(15 * 12)
    const { state, baseUrl } = await countingListener(async (req, res) => {
      await delay(15)
      sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags'))
    })
    const all = await client(baseUrl, 't', { maxConcurrent: 3 }).listAllTags()
    expect(all.map((t) => t.id)).toEqual(tags.map((t) => t.id))
    expect(state.maxOpen).toBeGreaterThan(1)
    expect(state.maxOpen).toBeLessThanOrEqual(3)
  })

  it('never meets a 429 under the reference server rate limit: it spends the budget, then waits', async () => {
    const limit = 4
    const server = await startReferenceServer({ seed: 'window-limit', sites: 150, events: 0, faults: { rateLimitPerMinute: limit } })
    opened.push(server)
    const countsAtWait: number[] = []
    let counted = 0
    const timing = windowClock(() => {
      countsAtWait.push(server.requestCount() - counted)
      counted = server.requestCount()
      server.setFaults({ rateLimitPerMinute: null })
      server.setFaults({ rateLimitPerMinute: limit })
    })
    // No retries: a single 429 would fail the read.
    const all = await client(server.baseUrl, server.tokens[0]!, { timing, maxRetries: 0 }).listAllSites()
    expect(all).toHaveLength(150)
    expect(server.requestCount()).toBe(10)
    expect(timing.sleeps.length).toBeGreaterThanOrEqual(2)
    for (const ms of timing.sleeps) expect(ms).toBeGreaterThanOrEqual(59_000)
    // At the first wait the server had counted no more than its limit.
    expect(countsAtWait[0]).toBeLessThanOrEqual(limit)
  })

  it('fails on the first failing page and leaves no request open', async () => {
    const tags = tagsUpTo(15 * 10)
    const { server, state, baseUrl } = await countingListener((req, res) => {
      const page = pageOf(req.url)
      if (page === 5) return sendJson(res, 500, { message: 'Server Error' })
      // Pages 3 and up, other than 5, never answer: only an abort ends them.
      if (page <= 2) sendJson(res, 200, envelope(tags, page, 'http://x/v1/tags'))
      return undefined
    })
    const error = await failure(client(baseUrl, 't').listAllTags())
    expect(error).toMatchObject({ code: 'server', status: 500 })
    await expect.poll(() => state.open).toBe(0)
    // Pages 3 to 10 were all in flight (eight at once) when page 5 failed.
    expect(server.requests.map((r) => pageOf(r.url)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('cancels every page in flight at once', async () => {
    const tags = tagsUpTo(15 * 10)
    const controller = new AbortController()
    const { state, baseUrl } = await countingListener((req, res) => {
      const page = pageOf(req.url)
      if (page <= 2) sendJson(res, 200, envelope(tags, page, 'http://x/v1/tags'))
      else if (state.open === 4) controller.abort()
    })
    const error = await failure(client(baseUrl, 't').listAllTags(controller.signal))
    expect(error.code).toBe('cancelled')
    await expect.poll(() => state.open).toBe(0)
  })

  it('reads the pages a list grew by while it was read', async () => {
    let tags = tagsUpTo(100)
    const { server, baseUrl } = await countingListener((req, res) => {
      const page = pageOf(req.url)
      // 100 tags (7 pages) become 130 (9 pages) once page 3 is asked for.
      if (page === 3) tags = tagsUpTo(130)
      sendJson(res, 200, envelope(tags, page, 'http://x/v1/tags'))
    })
    const all = await client(baseUrl, 't').listAllTags()
    expect(all.map((t) => t.id)).toEqual(tagsUpTo(130).map((t) => t.id))
    expect(Math.max(...server.requests.map((r) => pageOf(r.url)))).toBe(9)
  })

  it('drops pages fetched beyond the end of a list that shrank while it was read', async () => {
    let tags = tagsUpTo(100)
    const held: (() => void)[] = []
    const { server, state, baseUrl } = await countingListener((req, res) => {
      const page = pageOf(req.url)
      const answer = (): void => sendJson(res, 200, envelope(tags, page, 'http://x/v1/tags'))
      if (page <= 2) return answer()
      // Pages 3-7 are all asked for before any answers; then 100 tags (7 pages) become 50 (4).
      held.push(answer)
      if (held.length === 5) {
        tags = tagsUpTo(50)
        for (const release of held) release()
      }
      return undefined
    })
    const all = await client(baseUrl, 't').listAllTags()
    expect(all.map((t) => t.id)).toEqual(tagsUpTo(50).map((t) => t.id))
    expect(server.requests.map((r) => pageOf(r.url)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7])
    await expect.poll(() => state.open).toBe(0)
  })
})
