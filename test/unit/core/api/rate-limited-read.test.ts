// A long full read under a server's rate limit, on a simulated clock shared by the client and
// a scripted server: the read must meet no 429 and must not wait longer than the limit makes
// necessary. The server counts each request when it arrives and answers after a small random
// delay, so answers come back in another order than the server counted them (as they do with
// several pages in flight): a pacer that takes that for a new window waits far too long.
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteApiClient, type SiteApi } from '../../../../src/core/api'
import { fakeTiming } from './support/fake-timing'
import { envelope, pageOf, sendJson, startListener, tag } from './support/listener'

const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

/** Laravel's fixed window: starts with the first hit, lasts a minute of the simulated clock. */
function fixedWindow(limit: number, now: () => number) {
  let window: { startedAt: number; hits: number } | undefined
  return (): { allowed: boolean; headers: Record<string, string> } => {
    if (!window || now() - window.startedAt >= 60_000) window = { startedAt: now(), hits: 0 }
    if (window.hits >= limit) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + 60_000 - now()) / 1000))
      return { allowed: false, headers: { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0', 'retry-after': String(retryAfter) } }
    }
    window.hits++
    return { allowed: true, headers: { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(limit - window.hits) } }
  }
}

/** A seeded generator, so that a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

describe('a full read under a rate limit', () => {
  it('reads 667 pages under 600 requests a minute with no 429, within 1.1 times the floor of 60 s', async () => {
    const limit = 600
    const tags = Array.from({ length: 10_000 }, (_, i) => tag(i + 1))
    const timing = fakeTiming()
    const hit = fixedWindow(limit, () => timing.now())
    const random = seeded(7)
    const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 4)))
    let refused = 0
    const server = await startListener(async (req, res) => {
      // Requests reach the counter, and answers the client, each after a random delay, so both
      // come in another order than the client sent them.
      await jitter()
      // Each request the server takes moves the simulated clock: taking 600 takes 12 s.
      timing.advance(20)
      const decision = hit()
      if (!decision.allowed) refused++
      await jitter()
      if (!decision.allowed) return sendJson(res, 429, { message: 'Too Many Attempts.' }, decision.headers)
      sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags'), decision.headers)
    })
    opened.push(server)
    const api: SiteApi = createSiteApiClient({ baseUrl: `${server.origin}/v1`, token: 't', timing, maxRetries: 0 })
    opened.push(api)

    const started = timing.now()
    const all = await api.listAllTags()
    const took = timing.now() - started

    expect(all).toHaveLength(10_000)
    expect(refused).toBe(0)
    expect(server.requests).toHaveLength(667)
    // The 601st request cannot go before the first window ends: 60 s is the floor.
    expect(took).toBeGreaterThanOrEqual(60_000)
    expect(took).toBeLessThanOrEqual(66_000)
  })
})
